ALTER TABLE "el_exam" ADD COLUMN "allow_focus_mode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "el_exam" ADD COLUMN "show_rank" boolean DEFAULT false NOT NULL;