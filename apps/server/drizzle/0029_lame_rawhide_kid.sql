CREATE TABLE "sys_realtime_ticket" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"user" jsonb NOT NULL,
	"topics" jsonb NOT NULL,
	"last_event_id" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_realtime_ticket_expires_idx" ON "sys_realtime_ticket" USING btree ("expires_at");