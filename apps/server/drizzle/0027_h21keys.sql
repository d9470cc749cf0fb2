-- Issue 21 §4: the content fingerprint of a question, the key of the sitting lock's "same question
-- under another id" rule. Stem and the learner-visible items (options; a matching question's two
-- columns), each with markup, &nbsp; and whitespace removed and lower-cased (an image counts by its
-- address), the items sorted so their order does not matter; md5 of the whole; NULL when nothing is
-- left (an empty question must not match every other). The next migration keeps it in the stored
-- generated column el_qu.fingerprint, so every write path (save, update, xlsx/docx import, copy,
-- a future one) sets it. search_path is pinned: a restore runs generated columns with an empty one.
CREATE OR REPLACE FUNCTION el_qu_norm(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog, public
AS $fn$
  SELECT lower(regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(t, ''),
    '<img[^>]*?src\s*=\s*"([^"]*)"[^>]*>', ' img:\1 ', 'gi'),
    '<[^>]*>', '', 'g'),
    '&nbsp;|&#160;|&#xa0;', '', 'gi'),
    '[\s\u00a0\u3000\u200b]+', '', 'g'))
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION el_qu_fingerprint(content text, options jsonb, answer jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog, public
AS $fn$
  SELECT CASE WHEN stem = '' AND coalesce(items, '') = '' THEN NULL ELSE md5(stem || '|' || coalesce(items, '')) END
  FROM (
    SELECT el_qu_norm(content) AS stem,
      (SELECT string_agg(n, '|' ORDER BY n) FROM (
        SELECT el_qu_norm(o->>'content') AS n
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(options) = 'array' THEN options ELSE '[]'::jsonb END) o
        UNION ALL
        SELECT 'l:' || el_qu_norm(o->>'content')
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(answer->'left') = 'array' THEN answer->'left' ELSE '[]'::jsonb END) o
        UNION ALL
        SELECT 'r:' || el_qu_norm(o->>'content')
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(answer->'right') = 'array' THEN answer->'right' ELSE '[]'::jsonb END) o
      ) x) AS items
  ) y
$fn$;
