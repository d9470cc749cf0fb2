ALTER TABLE "el_exam" ADD COLUMN "kind_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The kinds' exam settings move into one JSON column keyed by type: 多选题 and 排序题 partial credit.
UPDATE "el_exam" SET "kind_settings" = jsonb_build_object('2', jsonb_build_object('policy', "multi_policy"), '7', jsonb_build_object('policy', "order_policy"));--> statement-breakpoint
ALTER TABLE "el_exam" DROP COLUMN "multi_policy";--> statement-breakpoint
ALTER TABLE "el_exam" DROP COLUMN "order_policy";
