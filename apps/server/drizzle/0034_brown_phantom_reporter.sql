ALTER TABLE "el_cert_tmpl" ADD COLUMN "issuer_name" text;--> statement-breakpoint
ALTER TABLE "el_cert_tmpl" ADD COLUMN "seal_file_id" text;--> statement-breakpoint
ALTER TABLE "el_cert_tmpl" ADD COLUMN "border" text DEFAULT 'none' NOT NULL;