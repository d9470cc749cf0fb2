/** Question banks: save, paging with counts, per-type/level statistics, delete. */

import { REPO_CATALOG_DIC, type TRepoSave, type TRepoStat } from '@exam/contracts';
import { and, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { elQu, elQuRepo, elRepo, sysDicValue } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { conflict, duplicate, isUniqueViolation, notFound } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { paginateWith } from '../../platform/paging.js';
import { isQuestionInUse, isRepoInUse } from './qu-usage.js';
import { questionPoolChanged } from './question-pool.js';

/** Creates or updates a bank; the code is unique among live banks. */
export async function saveRepo(db: Executor, input: TRepoSave, userId: string): Promise<string> {
  const values = {
    title: input.title,
    code: input.code || null,
    category: input.category || null,
    remark: input.remark ?? null,
    practiceEnabled: input.practiceEnabled ?? false,
  };
  try {
    if (input.id) {
      const [row] = await db
        .update(elRepo)
        .set(values)
        .where(and(eq(elRepo.id, input.id), isNull(elRepo.deletedAt)))
        .returning({ id: elRepo.id });
      if (!row) throw notFound('题库');
      return row.id;
    }
    const [row] = await db
      .insert(elRepo)
      .values({ ...values, createdBy: userId })
      .returning({ id: elRepo.id });
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(`题库编码“${input.code}”已被使用`);
    throw err;
  }
}

/** Counts of live top-level questions per bank, type and level. */
export async function repoStats(db: Executor, repoIds: string[] | null): Promise<TRepoStat[]> {
  const where: SQL[] = [isNull(elQu.deletedAt), isNull(elRepo.deletedAt)];
  if (repoIds) {
    if (repoIds.length === 0) return [];
    where.push(inArray(elQuRepo.repoId, repoIds));
  }
  const rows = await db
    .select({ repoId: elQuRepo.repoId, type: elQu.type, level: elQu.level, n: sql<number>`count(*)`.mapWith(Number) })
    .from(elQuRepo)
    .innerJoin(elQu, eq(elQu.id, elQuRepo.quId))
    .innerJoin(elRepo, eq(elRepo.id, elQuRepo.repoId))
    .where(and(...where))
    .groupBy(elQuRepo.repoId, elQu.type, elQu.level);
  const stats = new Map<string, TRepoStat>();
  for (const id of repoIds ?? []) stats.set(id, { repoId: id, total: 0, byType: {}, byLevel: {}, byTypeLevel: {} });
  for (const r of rows) {
    let s = stats.get(r.repoId);
    if (!s) {
      s = { repoId: r.repoId, total: 0, byType: {}, byLevel: {}, byTypeLevel: {} };
      stats.set(r.repoId, s);
    }
    s.total += r.n;
    s.byType[r.type] = (s.byType[r.type] ?? 0) + r.n;
    s.byLevel[r.level] = (s.byLevel[r.level] ?? 0) + r.n;
    s.byTypeLevel[`${r.type}-${r.level}`] = r.n;
  }
  return [...stats.values()];
}

const categoryTitle = sql<
  string | null
>`(select ${sysDicValue.title} from ${sysDicValue} where ${sysDicValue.dicCode} = ${REPO_CATALOG_DIC} and ${sysDicValue.value} = ${elRepo.category} limit 1)`;

/** What the list and the detail show of a bank (its counts are added from repoStats). */
const repoColumns = {
  id: elRepo.id,
  code: elRepo.code,
  title: elRepo.title,
  category: elRepo.category,
  categoryTitle,
  remark: elRepo.remark,
  practiceEnabled: elRepo.practiceEnabled,
  createdAt: elRepo.createdAt,
  updatedAt: elRepo.updatedAt,
};

/** One page of live banks with their question counts. */
export async function pagingRepos(
  db: Executor,
  q: { current: number; size: number; params: { title?: string | null; category?: string | null } },
) {
  const where: SQL[] = [isNull(elRepo.deletedAt)];
  if (q.params.title) where.push(ilike(elRepo.title, containing(q.params.title)));
  if (q.params.category) where.push(eq(elRepo.category, q.params.category));
  return paginateWith(
    q,
    db
      .select({ n: count() })
      .from(elRepo)
      .where(and(...where)),
    db
      .select(repoColumns)
      .from(elRepo)
      .where(and(...where))
      .orderBy(desc(elRepo.createdAt))
      .$dynamic(),
    async (rows) => {
      const stats = new Map(
        (
          await repoStats(
            db,
            rows.map((r) => r.id),
          )
        ).map((s) => [s.repoId, s]),
      );
      return rows.map((r) => ({
        ...r,
        quCount: stats.get(r.id)?.total ?? 0,
        byType: stats.get(r.id)?.byType ?? {},
      }));
    },
  );
}

/** One live bank with its counts. */
export async function repoDetail(db: Executor, id: string) {
  const [row] = await db
    .select(repoColumns)
    .from(elRepo)
    .where(and(eq(elRepo.id, id), isNull(elRepo.deletedAt)));
  if (!row) throw notFound('题库');
  const [stat] = await repoStats(db, [id]);
  return { ...row, quCount: stat.total, byType: stat.byType };
}

/** All live banks (id, title) for selects. */
export async function listRepos(db: Executor) {
  return db
    .select({ id: elRepo.id, title: elRepo.title, practiceEnabled: elRepo.practiceEnabled })
    .from(elRepo)
    .where(isNull(elRepo.deletedAt))
    .orderBy(desc(elRepo.createdAt));
}

/** Question ids per statement when deleting a bank (a bank of 350,000 overflowed the stack building one IN list). */
const DELETE_SLICE = 1000;

const slicesOf = (ids: string[]) =>
  Array.from({ length: Math.ceil(ids.length / DELETE_SLICE) }, (_, i) =>
    ids.slice(i * DELETE_SLICE, (i + 1) * DELETE_SLICE),
  );

/**
 * Soft-deletes banks. Refused when a published exam draws from them or uses their questions.
 * Questions left in no other live bank are soft-deleted with them, found by one statement and
 * checked and written DELETE_SLICE at a time, in one transaction (a bank's questions never outlive
 * it in the lists).
 */
export async function deleteRepos(db: Executor, ids: string[], now: Date): Promise<void> {
  const usedRepos = await isRepoInUse(db, ids);
  if (usedRepos.length) throw conflict('题库已被已发布的考试使用，不能删除');
  const rows = await db
    .selectDistinct({ quId: elQuRepo.quId })
    .from(elQuRepo)
    .where(
      and(
        inArray(elQuRepo.repoId, ids),
        sql`not exists (select 1 from ${elQuRepo} o join ${elRepo} r on r.id = o.repo_id
          where o.qu_id = ${elQuRepo.quId} and r.deleted_at is null and o.repo_id not in ${ids})`,
      ),
    );
  const orphans = slicesOf(rows.map((r) => r.quId));
  for (const slice of orphans) {
    if ((await isQuestionInUse(db, slice)).length) throw conflict('题库中的试题已被已发布的考试使用，不能删除');
  }
  await db.transaction(async (tx) => {
    await tx.update(elRepo).set({ deletedAt: now }).where(inArray(elRepo.id, ids));
    for (const slice of orphans) {
      await tx.update(elQu).set({ deletedAt: now }).where(inArray(elQu.id, slice));
      await tx.update(elQu).set({ deletedAt: now }).where(inArray(elQu.parentId, slice));
    }
  });
  await questionPoolChanged();
}
