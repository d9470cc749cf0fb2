/** The dashboard's count of exams (not deleted); handed in by modules/index.ts. */
import { count, isNull } from 'drizzle-orm';
import { elExam } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';

export async function countExams(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(elExam).where(isNull(elExam.deletedAt));
  return row.n;
}
