CREATE TABLE "el_cert" (
	"id" text PRIMARY KEY NOT NULL,
	"cert_no" text NOT NULL,
	"verify_code" text NOT NULL,
	"tmpl_id" text NOT NULL,
	"rule_key" text NOT NULL,
	"achievement_key" text NOT NULL,
	"user_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"dept_name" text,
	"source_kind" text NOT NULL,
	"ref_id" text,
	"achievement" text NOT NULL,
	"score" double precision,
	"issued_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"revoked_by" text,
	"file_path" text,
	"render_failures" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_cert_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"tmpl_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_cert_seq" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_cert_tmpl" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"orientation" text DEFAULT 'landscape' NOT NULL,
	"bg_file_id" text,
	"prefix" text DEFAULT 'CERT' NOT NULL,
	"valid_months" integer DEFAULT 0 NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_notice" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"open_type" smallint DEFAULT 1 NOT NULL,
	"dept_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"file_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"publish_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"msg_id" text,
	"created_by" text,
	"published_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_notice_read" (
	"notice_id" text NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sys_notice_read_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "el_cert_once_uq" ON "el_cert" USING btree ("rule_key","user_id","achievement_key");--> statement-breakpoint
CREATE UNIQUE INDEX "el_cert_no_uq" ON "el_cert" USING btree ("cert_no");--> statement-breakpoint
CREATE UNIQUE INDEX "el_cert_code_uq" ON "el_cert" USING btree ("verify_code");--> statement-breakpoint
CREATE INDEX "el_cert_user_idx" ON "el_cert" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "el_cert_tmpl_idx" ON "el_cert" USING btree ("tmpl_id");--> statement-breakpoint
CREATE INDEX "el_cert_ref_idx" ON "el_cert" USING btree ("source_kind","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "el_cert_rule_uq" ON "el_cert_rule" USING btree ("tmpl_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "el_cert_rule_ref_idx" ON "el_cert_rule" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE INDEX "sys_notice_list_idx" ON "sys_notice" USING btree ("state","pinned","publish_at");--> statement-breakpoint
CREATE INDEX "sys_notice_due_idx" ON "sys_notice" USING btree ("publish_at") WHERE "sys_notice"."state" = 1 and "sys_notice"."delivered_at" is null and "sys_notice"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sys_notice_read_user_idx" ON "sys_notice_read" USING btree ("user_id");