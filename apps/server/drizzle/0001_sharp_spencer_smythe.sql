CREATE TABLE "el_qu" (
	"id" text PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"content" text NOT NULL,
	"analysis" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parent_id" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_qu_repo" (
	"qu_id" text NOT NULL,
	"repo_id" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "el_qu_repo_repo_id_qu_id_pk" PRIMARY KEY("repo_id","qu_id")
);
--> statement-breakpoint
CREATE TABLE "el_repo" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text,
	"title" text NOT NULL,
	"category" text,
	"remark" text,
	"practice_enabled" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "el_qu_parent_idx" ON "el_qu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "el_qu_type_level_idx" ON "el_qu" USING btree ("type","level");--> statement-breakpoint
CREATE INDEX "el_qu_tags_idx" ON "el_qu" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "el_qu_repo_qu_idx" ON "el_qu_repo" USING btree ("qu_id");--> statement-breakpoint
CREATE INDEX "el_repo_title_idx" ON "el_repo" USING btree ("title");