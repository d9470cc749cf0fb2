CREATE TABLE "el_exam_override" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"user_id" text,
	"dept_id" text,
	"kind" smallint DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"extra_minutes" integer DEFAULT 0 NOT NULL,
	"extra_tries" integer DEFAULT 0 NOT NULL,
	"password" text,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_exam_override_target_ck" CHECK (("el_exam_override"."user_id" is null) <> ("el_exam_override"."dept_id" is null))
);
--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "el_exam_override_exam_idx" ON "el_exam_override" USING btree ("exam_id");--> statement-breakpoint
CREATE UNIQUE INDEX "el_exam_override_user_uq" ON "el_exam_override" USING btree ("exam_id","user_id") WHERE "el_exam_override"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "el_exam_override_dept_uq" ON "el_exam_override" USING btree ("exam_id","dept_id") WHERE "el_exam_override"."dept_id" is not null;--> statement-breakpoint
-- Data: an exam deleted before exams could be archived that has papers becomes archived, so its results show again.
UPDATE "el_exam" SET "archived_at" = "deleted_at", "deleted_at" = NULL WHERE "deleted_at" IS NOT NULL AND EXISTS (SELECT 1 FROM "el_paper" p WHERE p."exam_id" = "el_exam"."id");
