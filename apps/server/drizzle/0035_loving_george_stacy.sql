CREATE TABLE "el_qu_stat" (
	"qu_id" text PRIMARY KEY NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"practice_answers" integer DEFAULT 0 NOT NULL,
	"exam_score" double precision DEFAULT 0 NOT NULL,
	"practice_score" double precision DEFAULT 0 NOT NULL,
	"full_count" integer DEFAULT 0 NOT NULL,
	"zero_count" integer DEFAULT 0 NOT NULL,
	"difficulty" real,
	"discrimination" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_kp_mastery" (
	"user_id" text NOT NULL,
	"kp_id" text NOT NULL,
	"mastery" double precision DEFAULT 0 NOT NULL,
	"weight" double precision DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_kp_mastery_user_id_kp_id_pk" PRIMARY KEY("user_id","kp_id")
);
--> statement-breakpoint
CREATE INDEX "el_qu_stat_disc_idx" ON "el_qu_stat" USING btree ("discrimination");--> statement-breakpoint
CREATE INDEX "el_kp_mastery_kp_idx" ON "el_kp_mastery" USING btree ("kp_id");