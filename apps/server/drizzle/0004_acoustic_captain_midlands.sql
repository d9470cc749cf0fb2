CREATE TABLE "el_train" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"repo_id" text,
	"mode" smallint NOT NULL,
	"types" integer[] DEFAULT '{}'::int[] NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"right_count" integer DEFAULT 0 NOT NULL,
	"wrong_count" integer DEFAULT 0 NOT NULL,
	"score" double precision,
	"time_limit" integer DEFAULT 0 NOT NULL,
	"deadline" timestamp with time zone,
	"used_seconds" integer DEFAULT 0 NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_train_progress" (
	"user_id" text NOT NULL,
	"repo_id" text NOT NULL,
	"last_qu_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_train_progress_user_id_repo_id_pk" PRIMARY KEY("user_id","repo_id")
);
--> statement-breakpoint
CREATE TABLE "el_train_qu" (
	"train_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"sort" integer NOT NULL,
	"type" smallint NOT NULL,
	"answer" jsonb,
	"is_right" boolean,
	"score" double precision DEFAULT 0 NOT NULL,
	"reveal" boolean DEFAULT true NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "el_train_qu_train_id_qu_id_pk" PRIMARY KEY("train_id","qu_id")
);
--> statement-breakpoint
ALTER TABLE "el_user_book" ADD COLUMN "review_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "el_train_open_uq" ON "el_train" USING btree ("user_id",coalesce("repo_id", ''),"mode") WHERE "el_train"."state" = 0;--> statement-breakpoint
CREATE INDEX "el_train_user_repo_idx" ON "el_train" USING btree ("user_id","repo_id","mode","state");--> statement-breakpoint
CREATE INDEX "el_train_repo_idx" ON "el_train" USING btree ("repo_id");--> statement-breakpoint
CREATE INDEX "el_train_user_started_idx" ON "el_train" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "el_train_qu_sort_idx" ON "el_train_qu" USING btree ("train_id","sort");