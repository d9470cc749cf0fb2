/**
 * Whether questions or banks are used by a published exam (the answer of repo's usage port,
 * repo/qu-usage.ts, handed in by modules/index.ts: exams and their templates sit above the bank).
 */
import { sql } from 'drizzle-orm';
import { elExam, elPaperTmpl } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';

/**
 * Ids among `quIds` (top-level questions) that a published exam uses: the fixed sections
 * (`sections[].items[].quId`) of templates of exams in state 1 (published), not deleted.
 */
export async function questionsInUse(db: Executor, quIds: string[]): Promise<string[]> {
  if (quIds.length === 0) return [];
  const rows = await db.execute<{ id: string }>(sql`select distinct item->>'quId' as id
    from ${elPaperTmpl} t
    join ${elExam} e on e.tmpl_id = t.id and e.state = 1 and e.deleted_at is null
    cross join lateral jsonb_array_elements(t.sections) s
    cross join lateral jsonb_array_elements(coalesce(s->'items', '[]'::jsonb)) item
    where t.deleted_at is null and item->>'quId' in ${quIds}`);
  return rows.rows.map((r) => r.id);
}

/** Ids among `repoIds` that a published exam draws from (the `repoIds` of rule sections). */
export async function reposInUse(db: Executor, repoIds: string[]): Promise<string[]> {
  if (repoIds.length === 0) return [];
  const rows = await db.execute<{ id: string }>(sql`select distinct repo.id as id
    from ${elPaperTmpl} t
    join ${elExam} e on e.tmpl_id = t.id and e.state = 1 and e.deleted_at is null
    cross join lateral jsonb_array_elements(t.sections) s
    cross join lateral jsonb_array_elements_text(coalesce(s->'repoIds', '[]'::jsonb)) repo(id)
    where t.deleted_at is null and repo.id in ${repoIds}`);
  return rows.rows.map((r) => r.id);
}
