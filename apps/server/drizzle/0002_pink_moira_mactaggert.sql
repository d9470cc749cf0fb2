CREATE TABLE "el_exam" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"cover" text,
	"tmpl_id" text NOT NULL,
	"open_type" smallint DEFAULT 1 NOT NULL,
	"dept_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"password" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"pass_score" double precision DEFAULT 0 NOT NULL,
	"try_limit" integer DEFAULT 0 NOT NULL,
	"hand_min_minutes" integer DEFAULT 0 NOT NULL,
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"shuffle_qu" boolean DEFAULT false NOT NULL,
	"shuffle_opt" boolean DEFAULT false NOT NULL,
	"result_show" smallint DEFAULT 1 NOT NULL,
	"full_screen" boolean DEFAULT false NOT NULL,
	"leave_limit" integer DEFAULT 0 NOT NULL,
	"no_copy" boolean DEFAULT false NOT NULL,
	"cycle_type" smallint DEFAULT 0 NOT NULL,
	"multi_policy" smallint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_paper" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"dept_id" text,
	"title" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"hand_time" timestamp with time zone,
	"hand_kind" smallint,
	"total_score" double precision DEFAULT 0 NOT NULL,
	"pass_score" double precision DEFAULT 0 NOT NULL,
	"obj_score" double precision DEFAULT 0 NOT NULL,
	"subj_score" double precision DEFAULT 0 NOT NULL,
	"user_score" double precision DEFAULT 0 NOT NULL,
	"passed" boolean DEFAULT false NOT NULL,
	"leave_count" integer DEFAULT 0 NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"void_reason" text,
	"voided_by" text,
	"voided_at" timestamp with time zone,
	"marked_by" text,
	"marked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_paper_qu" (
	"paper_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"parent_qu_id" text,
	"sort" integer NOT NULL,
	"section_idx" integer DEFAULT 0 NOT NULL,
	"section_title" text DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"score" double precision NOT NULL,
	"content" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ref_answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"analysis" text,
	"answer" jsonb,
	"flagged" boolean DEFAULT false NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"is_right" boolean,
	"actual_score" double precision DEFAULT 0 NOT NULL,
	"mark_state" smallint DEFAULT 0 NOT NULL,
	"suggest_score" double precision,
	"mark_comment" text,
	CONSTRAINT "el_paper_qu_paper_id_qu_id_pk" PRIMARY KEY("paper_id","qu_id")
);
--> statement-breakpoint
CREATE TABLE "el_paper_tmpl" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"kind" smallint NOT NULL,
	"remark" text,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_score" double precision DEFAULT 0 NOT NULL,
	"qu_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_user_book" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"exam_id" text,
	"repo_id" text,
	"source" text DEFAULT 'exam' NOT NULL,
	"wrong_count" integer DEFAULT 1 NOT NULL,
	"last_wrong_at" timestamp with time zone NOT NULL,
	"last_answer" jsonb,
	"right_streak" integer DEFAULT 0 NOT NULL,
	"next_review_at" timestamp with time zone,
	"last_review_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_user_exam" (
	"user_id" text NOT NULL,
	"exam_id" text NOT NULL,
	"try_count" integer DEFAULT 0 NOT NULL,
	"best_score" double precision,
	"last_score" double precision,
	"passed" boolean DEFAULT false NOT NULL,
	"last_paper_id" text,
	"last_time" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_user_exam_user_id_exam_id_pk" PRIMARY KEY("user_id","exam_id")
);
--> statement-breakpoint
CREATE INDEX "el_exam_state_time_idx" ON "el_exam" USING btree ("state","start_time");--> statement-breakpoint
CREATE INDEX "el_exam_tmpl_idx" ON "el_exam" USING btree ("tmpl_id");--> statement-breakpoint
CREATE UNIQUE INDEX "el_paper_open_uq" ON "el_paper" USING btree ("user_id") WHERE "el_paper"."state" = 0;--> statement-breakpoint
CREATE INDEX "el_paper_user_exam_idx" ON "el_paper" USING btree ("user_id","exam_id","created_at");--> statement-breakpoint
CREATE INDEX "el_paper_exam_state_idx" ON "el_paper" USING btree ("exam_id","state");--> statement-breakpoint
CREATE INDEX "el_paper_open_deadline_idx" ON "el_paper" USING btree ("deadline") WHERE "el_paper"."state" = 0;--> statement-breakpoint
CREATE INDEX "el_paper_state_idx" ON "el_paper" USING btree ("state");--> statement-breakpoint
CREATE INDEX "el_paper_qu_qu_idx" ON "el_paper_qu" USING btree ("qu_id");--> statement-breakpoint
CREATE INDEX "el_paper_tmpl_title_idx" ON "el_paper_tmpl" USING btree ("title");--> statement-breakpoint
CREATE UNIQUE INDEX "el_user_book_uq" ON "el_user_book" USING btree ("user_id","qu_id");--> statement-breakpoint
CREATE INDEX "el_user_book_exam_idx" ON "el_user_book" USING btree ("user_id","exam_id");--> statement-breakpoint
CREATE INDEX "el_user_book_review_idx" ON "el_user_book" USING btree ("user_id","next_review_at");--> statement-breakpoint
CREATE INDEX "el_user_exam_exam_idx" ON "el_user_exam" USING btree ("exam_id");