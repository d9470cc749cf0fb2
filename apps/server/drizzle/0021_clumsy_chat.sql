ALTER TABLE "el_train" ADD COLUMN "mark_open_qu_id" text;--> statement-breakpoint
ALTER TABLE "el_train_qu" ADD COLUMN "self_marks" jsonb;--> statement-breakpoint
ALTER TABLE "el_train_qu" ADD COLUMN "self_mark_book" jsonb;