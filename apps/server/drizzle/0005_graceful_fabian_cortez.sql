CREATE TABLE "sys_event" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"fanned_out" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_event_delivery" (
	"event_id" text NOT NULL,
	"consumer" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_event_delivery_event_id_consumer_pk" PRIMARY KEY("event_id","consumer")
);
--> statement-breakpoint
ALTER TABLE "sys_event_delivery" ADD CONSTRAINT "sys_event_delivery_event_id_sys_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sys_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_event_pending_idx" ON "sys_event" USING btree ("created_at") WHERE "sys_event"."fanned_out" = false;--> statement-breakpoint
CREATE INDEX "sys_event_delivery_due_idx" ON "sys_event_delivery" USING btree ("next_attempt_at");