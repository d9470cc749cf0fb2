/**
 * Retention of candidates' personal data. An exam opened to candidates keeps their fields for the
 * link's `retention_days` after the exam's end (0 keeps them until the exam is deleted by hand);
 * then this sweep erases them: name, mobile, ID number, company, custom fields, address and browser
 * become empty and `erased_at` is set. The row itself stays, with its status, interview mark and
 * attempt, so the exam's results, statistics and reports keep counting the attempt, anonymised
 * (the paper's holder is the candidate's random id, which names nobody once the fields are gone).
 * A candidate converted into a learner keeps its account: that person's data now lives under the
 * organisation's ordinary user rules, and only the candidate copy is erased.
 * Batches of 200 rows, each one atomic UPDATE with `FOR UPDATE SKIP LOCKED`, so several instances
 * split the work.
 */
import { sql } from 'drizzle-orm';
import { elCandidate, elExam, elExamOpenLink } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import type { AppDeps } from '../../../platform/deps.js';
import { startSweeper } from '../../../platform/sweep.js';

const DAY_MS = 86_400_000;
const BATCH = 200;

/** Erases the personal fields of every candidate past its exam's retention; answers how many. */
export async function sweepCandidateRetention(db: Executor, now: Date, maxBatches = 50): Promise<number> {
  let erased = 0;
  for (let i = 0; i < maxBatches; i++) {
    const res = await db.execute(sql`update ${elCandidate} set name = null, mobile = null, id_number = null,
        company = null, custom = '{}'::jsonb, ip = null, user_agent = null, dedupe_key = null, erased_at = ${now}
      where id in (
        select c.id from ${elCandidate} c
          join ${elExamOpenLink} l on l.exam_id = c.exam_id
          join ${elExam} e on e.id = c.exam_id
        where c.erased_at is null and l.retention_days > 0
          and e.end_time + make_interval(days => l.retention_days) <= ${now}
        limit ${BATCH} for update of c skip locked)
      returning id`);
    const n = res.rows.length;
    erased += n;
    if (n < BATCH) break;
  }
  return erased;
}

/** When an exam's candidates are erased: its end plus the retention days (null: kept). */
export const erasureDue = (endTime: Date, retentionDays: number): Date | null =>
  retentionDays > 0 ? new Date(endTime.getTime() + retentionDays * DAY_MS) : null;

/** Starts this process's retention sweep (hourly by default); answers a stop function. */
export function startCandidateRetention(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  everyMs = 3_600_000,
  onError: (err: unknown) => void = (err) => console.error('考生个人信息到期删除任务失败', err),
): () => void {
  return startSweeper(() => sweepCandidateRetention(deps.db, deps.clock()), everyMs, onError);
}
