CREATE TABLE "el_invigilate_msg" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"user_id" text,
	"content" text NOT NULL,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_paper_presence" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"user_id" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"client_ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "el_invigilate_msg_exam_idx" ON "el_invigilate_msg" USING btree ("exam_id","created_at");--> statement-breakpoint
CREATE INDEX "el_paper_presence_exam_idx" ON "el_paper_presence" USING btree ("exam_id");