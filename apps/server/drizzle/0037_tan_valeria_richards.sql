CREATE TABLE "el_candidate" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_id" text NOT NULL,
	"name" text,
	"mobile" text,
	"id_number" text,
	"company" text,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"interview" boolean DEFAULT false NOT NULL,
	"paper_id" text,
	"ip" text,
	"user_agent" text,
	"consent_at" timestamp with time zone NOT NULL,
	"converted_user_id" text,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_exam_open_link" (
	"exam_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"fields" jsonb NOT NULL,
	"sms_verify" boolean DEFAULT false NOT NULL,
	"limits" jsonb NOT NULL,
	"access_code_hash" text,
	"retention_days" integer DEFAULT 0 NOT NULL,
	"consent_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "el_candidate_dedupe_uq" ON "el_candidate" USING btree ("exam_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "el_candidate_exam_idx" ON "el_candidate" USING btree ("exam_id","created_at");--> statement-breakpoint
CREATE INDEX "el_candidate_mobile_idx" ON "el_candidate" USING btree ("exam_id","mobile");--> statement-breakpoint
CREATE INDEX "el_candidate_id_number_idx" ON "el_candidate" USING btree ("exam_id","id_number");--> statement-breakpoint
CREATE UNIQUE INDEX "el_exam_open_link_token_uq" ON "el_exam_open_link" USING btree ("token");