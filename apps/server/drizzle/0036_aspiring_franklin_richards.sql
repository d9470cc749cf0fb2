CREATE TABLE "el_knowledge_point" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"path" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_qu_knowledge" (
	"qu_id" text NOT NULL,
	"kp_id" text NOT NULL,
	CONSTRAINT "el_qu_knowledge_qu_id_kp_id_pk" PRIMARY KEY("qu_id","kp_id")
);
--> statement-breakpoint
CREATE INDEX "el_knowledge_point_parent_idx" ON "el_knowledge_point" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "el_knowledge_point_path_idx" ON "el_knowledge_point" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "el_knowledge_point_sibling_title_uq" ON "el_knowledge_point" USING btree (coalesce("parent_id", ''),"title");--> statement-breakpoint
CREATE INDEX "el_qu_knowledge_kp_idx" ON "el_qu_knowledge" USING btree ("kp_id");