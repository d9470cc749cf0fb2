ALTER TABLE "el_paper_qu" ADD COLUMN "suggest_taken" boolean;--> statement-breakpoint
ALTER TABLE "el_qu_mark" ADD COLUMN "suggest_taken" boolean DEFAULT false NOT NULL;