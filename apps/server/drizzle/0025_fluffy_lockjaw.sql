DROP INDEX "sys_event_delivery_due_idx";--> statement-breakpoint
ALTER TABLE "sys_event_delivery" ADD COLUMN "parked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sys_event_delivery_parked_idx" ON "sys_event_delivery" USING btree ("parked_at") WHERE "sys_event_delivery"."parked_at" is not null;--> statement-breakpoint
CREATE INDEX "sys_event_delivery_due_idx" ON "sys_event_delivery" USING btree ("next_attempt_at") WHERE "sys_event_delivery"."parked_at" is null;