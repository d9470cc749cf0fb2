CREATE TABLE "el_learn_clock" (
	"user_id" text PRIMARY KEY NOT NULL,
	"credited_until" timestamp with time zone NOT NULL,
	"credit_from" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "el_course_learn" ADD COLUMN "fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "el_course_learn" ADD COLUMN "bytes_served" double precision DEFAULT 0 NOT NULL;