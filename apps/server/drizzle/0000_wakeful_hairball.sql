CREATE TABLE "sys_config" (
	"id" text PRIMARY KEY NOT NULL,
	"site_name" text NOT NULL,
	"front_logo" text,
	"back_logo" text,
	"copy_right" text,
	"tags_view" boolean DEFAULT true NOT NULL,
	"fixed_header" boolean DEFAULT true NOT NULL,
	"sidebar_logo" boolean DEFAULT true NOT NULL,
	"face_login" boolean DEFAULT false NOT NULL,
	"mobile_login" boolean DEFAULT false NOT NULL,
	"wechat_login" boolean DEFAULT false NOT NULL,
	"dingtalk_login" boolean DEFAULT false NOT NULL,
	"reg_open" boolean DEFAULT true NOT NULL,
	"reg_review" boolean DEFAULT false NOT NULL,
	"sms" jsonb DEFAULT '{"provider":"log"}'::jsonb NOT NULL,
	"storage_dir" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_config_item" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_config_item_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "sys_depart" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dic" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_dic_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_dic_value" (
	"id" text PRIMARY KEY NOT NULL,
	"dic_code" text NOT NULL,
	"parent_id" text,
	"value" text NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_file" (
	"id" text PRIMARY KEY NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_path" text NOT NULL,
	"owner_id" text,
	"audience" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" text PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"user_id" text,
	"user_name" text,
	"title" text NOT NULL,
	"path" text,
	"params" jsonb,
	"success" boolean DEFAULT true NOT NULL,
	"message" text,
	"ip" text,
	"user_agent" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"catalogue_key" text,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"path" text,
	"name" text,
	"component" text,
	"redirect" text,
	"icon" text,
	"permission" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"always_show" boolean DEFAULT false NOT NULL,
	"no_cache" boolean DEFAULT false NOT NULL,
	"affix" boolean DEFAULT false NOT NULL,
	"active_menu" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_msg" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sender_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"role_type" smallint NOT NULL,
	"data_scope" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_role_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_role_menu" (
	"role_id" text NOT NULL,
	"menu_id" text NOT NULL,
	CONSTRAINT "sys_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_sms_code" (
	"id" text PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" text PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"real_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"mobile" text,
	"email" text,
	"avatar" text,
	"dept_id" text,
	"state" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_msg" (
	"id" text PRIMARY KEY NOT NULL,
	"msg_id" text NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_depart_code_uq" ON "sys_depart" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sys_depart_parent_idx" ON "sys_depart" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dic_value_uq" ON "sys_dic_value" USING btree ("dic_code","value");--> statement-breakpoint
CREATE INDEX "sys_dic_value_parent_idx" ON "sys_dic_value" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_log_type_created_idx" ON "sys_log" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "sys_log_user_name_idx" ON "sys_log" USING btree ("user_name","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_menu_catalogue_key_uq" ON "sys_menu" USING btree ("catalogue_key");--> statement-breakpoint
CREATE INDEX "sys_menu_parent_idx" ON "sys_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_sms_code_mobile_idx" ON "sys_sms_code" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "sys_sms_code_ip_idx" ON "sys_sms_code" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sys_token_user_idx" ON "sys_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_token_expires_idx" ON "sys_token" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_name_uq" ON "sys_user" USING btree ("user_name") WHERE "sys_user"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sys_user_dept_idx" ON "sys_user" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "sys_user_mobile_idx" ON "sys_user" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "sys_user_msg_user_idx" ON "sys_user_msg" USING btree ("user_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_msg_uq" ON "sys_user_msg" USING btree ("msg_id","user_id");--> statement-breakpoint
CREATE INDEX "sys_user_role_role_idx" ON "sys_user_role" USING btree ("role_id");