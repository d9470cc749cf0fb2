CREATE TABLE "el_mark_setting" (
	"exam_id" text PRIMARY KEY NOT NULL,
	"double_mark" boolean DEFAULT false NOT NULL,
	"gap" double precision DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_qu_mark" (
	"paper_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"round" smallint NOT NULL,
	"marker_id" text NOT NULL,
	"score" double precision NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_qu_mark_paper_id_qu_id_round_pk" PRIMARY KEY("paper_id","qu_id","round")
);
--> statement-breakpoint
CREATE TABLE "el_regrade_item" (
	"job_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"user_id" text NOT NULL,
	"score_before" double precision NOT NULL,
	"score_after" double precision NOT NULL,
	"passed_before" boolean NOT NULL,
	"passed_after" boolean NOT NULL,
	"qu_before" double precision NOT NULL,
	"qu_after" double precision NOT NULL,
	"paper_state" smallint NOT NULL,
	"has_cert" boolean DEFAULT false NOT NULL,
	CONSTRAINT "el_regrade_item_job_id_paper_id_pk" PRIMARY KEY("job_id","paper_id")
);
--> statement-breakpoint
CREATE TABLE "el_regrade_job" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"old_score" double precision NOT NULL,
	"new_score" double precision NOT NULL,
	"right_contents" jsonb,
	"new_answer" jsonb,
	"old_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"pass_to_fail" integer DEFAULT 0 NOT NULL,
	"fail_to_pass" integer DEFAULT 0 NOT NULL,
	"cursor" text DEFAULT '' NOT NULL,
	"lease_until" timestamp with time zone,
	"error" text,
	"created_by" text NOT NULL,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "el_qu_mark_marker_idx" ON "el_qu_mark" USING btree ("marker_id");--> statement-breakpoint
CREATE INDEX "el_regrade_job_exam_idx" ON "el_regrade_job" USING btree ("exam_id","created_at");