CREATE TABLE "el_live_clock" (
	"user_id" text PRIMARY KEY NOT NULL,
	"credited_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "el_cert_tmpl" ADD COLUMN "issuer_name" text;--> statement-breakpoint
ALTER TABLE "el_cert_tmpl" ADD COLUMN "seal_file_id" text;--> statement-breakpoint
ALTER TABLE "el_cert_tmpl" ADD COLUMN "border" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "el_paper_qu" ADD COLUMN "suggest_taken" boolean;--> statement-breakpoint
ALTER TABLE "el_qu_mark" ADD COLUMN "suggest_taken" boolean DEFAULT false NOT NULL;