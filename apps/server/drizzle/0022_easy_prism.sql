CREATE TABLE "el_user_fav_note" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"fav" boolean DEFAULT false NOT NULL,
	"fav_at" timestamp with time zone,
	"note" text,
	"note_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "el_user_fav_note_uq" ON "el_user_fav_note" USING btree ("user_id","qu_id");--> statement-breakpoint
CREATE INDEX "el_user_fav_note_fav_idx" ON "el_user_fav_note" USING btree ("user_id","fav_at") WHERE "el_user_fav_note"."fav";--> statement-breakpoint
CREATE INDEX "el_user_fav_note_note_idx" ON "el_user_fav_note" USING btree ("user_id","note_at") WHERE "el_user_fav_note"."note" is not null;