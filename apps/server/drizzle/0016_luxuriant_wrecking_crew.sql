CREATE TABLE "sys_oauth_flow" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" text,
	"browser_key_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"expires_at" timestamp with time zone NOT NULL,
	"called_back_at" timestamp with time zone,
	"subject" text,
	"display_name" text,
	"ticket_hash" text,
	"ticket_expires_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_bind" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"display_name" text,
	"created_user" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_config" ADD COLUMN "oidc_login" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_config" ADD COLUMN "oauth" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "sys_oauth_flow_created_idx" ON "sys_oauth_flow" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_oauth_flow_ticket_uq" ON "sys_oauth_flow" USING btree ("ticket_hash") WHERE "sys_oauth_flow"."ticket_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_bind_subject_uq" ON "sys_user_bind" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_bind_user_uq" ON "sys_user_bind" USING btree ("user_id","provider");