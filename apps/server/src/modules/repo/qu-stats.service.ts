/**
 * The bank's review list: questions whose measured statistics say they behave badly (negative
 * discrimination, or with enough answers everyone right or everyone wrong). The conditions are the
 * rules of qu-stats-rules.ts badReason written as SQL, so the list pages in the database.
 */
import { htmlToText, type TQuStatReason } from '@exam/contracts';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { elQu, elQuRepo, elQuStat } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { paginate } from '../../platform/paging.js';
import { badReason, MIN_ANSWERS, NEGATIVE_DISCRIMINATION, PRACTICE_WEIGHT } from './qu-stats-rules.js';

// Constants written into the statement: a bound 0.5 beside an integer column would be cast to integer.
const enough = sql`(${elQuStat.answers} + ${sql.raw(String(PRACTICE_WEIGHT))} * ${elQuStat.practiceAnswers}) >= ${sql.raw(String(MIN_ANSWERS))}`;
const all = sql`(${elQuStat.answers} + ${elQuStat.practiceAnswers})`;
const REASON_SQL: Record<TQuStatReason, SQL> = {
  negative: sql`${elQuStat.discrimination} < ${sql.raw(String(NEGATIVE_DISCRIMINATION))}`,
  allRight: sql`${enough} and ${elQuStat.fullCount} = ${all}`,
  allWrong: sql`${enough} and ${elQuStat.zeroCount} = ${all}`,
};

export async function quStatReview(
  db: Executor,
  q: { current: number; size: number; params: { repoId?: string | null; reason?: TQuStatReason | null } },
) {
  const { repoId, reason } = q.params;
  const bad = reason
    ? REASON_SQL[reason]
    : sql`(${REASON_SQL.negative} or ${REASON_SQL.allRight} or ${REASON_SQL.allWrong})`;
  // A composite's part is in the bank of its composite.
  const inRepo = repoId
    ? sql`exists (select 1 from ${elQuRepo} where ${elQuRepo.quId} = coalesce(${elQu.parentId}, ${elQu.id}) and ${elQuRepo.repoId} = ${repoId})`
    : undefined;
  const where = and(isNull(elQu.deletedAt), bad, inRepo);
  return paginate(
    q,
    db.select({ n: count() }).from(elQuStat).innerJoin(elQu, eq(elQu.id, elQuStat.quId)).where(where),
    db
      .select({
        id: elQu.id,
        type: elQu.type,
        level: elQu.level,
        content: elQu.content,
        answers: elQuStat.answers,
        practiceAnswers: elQuStat.practiceAnswers,
        fullCount: elQuStat.fullCount,
        zeroCount: elQuStat.zeroCount,
        difficulty: elQuStat.difficulty,
        discrimination: elQuStat.discrimination,
      })
      .from(elQuStat)
      .innerJoin(elQu, eq(elQu.id, elQuStat.quId))
      .where(where)
      .orderBy(sql`${elQuStat.discrimination} asc nulls last`, asc(elQu.id))
      .$dynamic(),
    ({ content, fullCount, zeroCount, ...r }) => ({
      ...r,
      summary: htmlToText(content).slice(0, 200),
      reason: badReason({ ...r, fullCount, zeroCount }) ?? ('negative' as const),
    }),
  );
}
