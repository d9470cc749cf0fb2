/** The dashboard's counts of banks and questions (top-level, not deleted), handed in by modules/index.ts. */
import { and, count, isNull } from 'drizzle-orm';
import { elQu, elRepo } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';

export async function countRepos(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(elRepo).where(isNull(elRepo.deletedAt));
  return row.n;
}

export async function countQuestions(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(elQu)
    .where(and(isNull(elQu.deletedAt), isNull(elQu.parentId)));
  return row.n;
}
