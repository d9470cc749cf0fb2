ALTER TABLE "el_exam" ADD COLUMN "review_after" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "el_qu" ADD COLUMN "fingerprint" text GENERATED ALWAYS AS (el_qu_fingerprint("content", "options", "answer")) STORED;--> statement-breakpoint
CREATE INDEX "el_qu_fingerprint_idx" ON "el_qu" USING btree ("fingerprint");