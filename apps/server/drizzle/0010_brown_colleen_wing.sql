CREATE TABLE "el_course" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"cover" text,
	"content" text DEFAULT '' NOT NULL,
	"category_id" text,
	"lecturer" text DEFAULT '' NOT NULL,
	"hours" double precision DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"open_type" smallint DEFAULT 1 NOT NULL,
	"dept_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"allow_skip" boolean DEFAULT false NOT NULL,
	"pass_rate" smallint DEFAULT 95 NOT NULL,
	"exam_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_course_category" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_course_chapter" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_course_day" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"day" date NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "el_course_day_user_id_course_id_day_pk" PRIMARY KEY("user_id","course_id","day")
);
--> statement-breakpoint
CREATE TABLE "el_course_file" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"chapter_id" text NOT NULL,
	"file_id" text NOT NULL,
	"pdf_file_id" text,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"duration" double precision DEFAULT 0 NOT NULL,
	"min_read_seconds" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_course_learn" (
	"user_id" text NOT NULL,
	"file_id" text NOT NULL,
	"course_id" text NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched" double precision DEFAULT 0 NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"last_page" integer DEFAULT 0 NOT NULL,
	"max_page" integer DEFAULT 0 NOT NULL,
	"study_seconds" double precision DEFAULT 0 NOT NULL,
	"last_beat_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_course_learn_user_id_file_id_pk" PRIMARY KEY("user_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "el_course_user" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"study_seconds" double precision DEFAULT 0 NOT NULL,
	"last_file_id" text,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_course_user_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE INDEX "el_course_list_idx" ON "el_course" USING btree ("state","sort");--> statement-breakpoint
CREATE INDEX "el_course_chapter_course_idx" ON "el_course_chapter" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "el_course_file_course_idx" ON "el_course_file" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "el_course_learn_course_idx" ON "el_course_learn" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "el_course_user_course_idx" ON "el_course_user" USING btree ("course_id");