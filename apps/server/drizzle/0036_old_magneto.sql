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
DROP INDEX "el_qu_tags_idx";--> statement-breakpoint
CREATE INDEX "el_knowledge_point_parent_idx" ON "el_knowledge_point" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "el_knowledge_point_path_idx" ON "el_knowledge_point" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "el_knowledge_point_sibling_title_uq" ON "el_knowledge_point" USING btree (coalesce("parent_id", ''),"title");--> statement-breakpoint
CREATE INDEX "el_qu_knowledge_kp_idx" ON "el_qu_knowledge" USING btree ("kp_id");--> statement-breakpoint
-- The former el_qu.tags become points: a tag "安全/消防" is the point 消防 under the root 安全
-- (missing ancestors created), and its questions are linked to it; ids are md5 of the title path,
-- so the same path in two questions is one point.
INSERT INTO "el_knowledge_point" ("id", "parent_id", "title", "sort", "path", "created_by")
SELECT substr(md5(array_to_string(pre, '/')), 1, 20),
  CASE WHEN cardinality(pre) > 1 THEN substr(md5(array_to_string(pre[1:cardinality(pre) - 1], '/')), 1, 20) END,
  pre[cardinality(pre)], 0,
  '/' || (SELECT string_agg(substr(md5(array_to_string(pre[1:j], '/')), 1, 20), '/' ORDER BY j)
    FROM generate_series(1, cardinality(pre)) j) || '/',
  'migration'
FROM (
  SELECT DISTINCT parts[1:i] AS pre
  FROM (
    SELECT array_remove(array(SELECT btrim(x) FROM unnest(string_to_array(t, '/')) x), '') AS parts
    FROM "el_qu" q, unnest(q."tags") t
  ) tp, generate_series(1, cardinality(tp.parts)) i
) prefixes;--> statement-breakpoint
INSERT INTO "el_qu_knowledge" ("qu_id", "kp_id")
SELECT DISTINCT qu_id, substr(md5(array_to_string(parts, '/')), 1, 20)
FROM (
  SELECT q."id" AS qu_id, array_remove(array(SELECT btrim(x) FROM unnest(string_to_array(t, '/')) x), '') AS parts
  FROM "el_qu" q, unnest(q."tags") t
) tp
WHERE cardinality(parts) > 0
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "el_qu" DROP COLUMN "tags";