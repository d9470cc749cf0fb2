/** The dashboard's 试卷数: paper templates not deleted (not the learners' answer sheets); handed in by modules/index.ts. */
import { count, isNull } from 'drizzle-orm';
import { elPaperTmpl } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';

export async function countPaperTemplates(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(elPaperTmpl).where(isNull(elPaperTmpl.deletedAt));
  return row.n;
}
