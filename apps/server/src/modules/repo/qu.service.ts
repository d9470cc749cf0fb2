/** Questions: save (with children), detail, paging with filters, delete, batch move/copy. */

import { htmlToText, type TQuPagingParams, type TQuSave } from '@exam/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { elQu, elQuRepo, elRepo } from '../../db/schema/index.js';
import type { Executor, Tx } from '../../platform/db.js';
import { badParams, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { containing } from '../../platform/like.js';
import { paginateWith } from '../../platform/paging.js';
import {
  inKnowledgeSubtree,
  knowledgePointOfPath,
  questionKnowledgePaths,
  setQuestionKnowledge,
} from './knowledge.service.js';
import { checkQuestion, type NormalQuestion, normaliseQuestion } from './qu-rules.js';
import { isQuestionInUse } from './qu-usage.js';
import { questionPoolChanged } from './question-pool.js';

/** Throws 10010001 with the first broken rule. */
export function assertValid(q: NormalQuestion): void {
  const [first] = checkQuestion(q);
  if (first) throw badParams(first.message);
}

async function assertReposExist(db: Executor, repoIds: string[]): Promise<void> {
  const found = await db
    .select({ id: elRepo.id })
    .from(elRepo)
    .where(and(inArray(elRepo.id, repoIds), isNull(elRepo.deletedAt)));
  if (found.length !== new Set(repoIds).size) throw notFound('题库');
}

const rowValues = (q: NormalQuestion) => ({
  type: q.type,
  level: q.level,
  content: q.content,
  analysis: q.analysis,
  options: q.options,
  answer: q.answer,
});

/** Inserts new questions (with children) into banks; used by save and the imports. */
export async function insertQuestions(
  tx: Tx,
  items: { q: NormalQuestion; tags: string[] }[],
  repoIds: string[],
  userId: string,
  /** Rows written deleted at this time, hidden until published (a staged import: qu-import.ts). */
  hiddenAt?: Date,
): Promise<string[]> {
  // Ids are made here so that an import of thousands of questions is a few multi-row INSERTs, not
  // three statements per question: on PGlite the transaction holds the only connection meanwhile.
  const ids = items.map(() => newId());
  const hidden = hiddenAt ? { deletedAt: hiddenAt } : {};
  for (let start = 0; start < items.length; start += INSERT_CHUNK) {
    const chunk = items.slice(start, start + INSERT_CHUNK);
    const chunkIds = ids.slice(start, start + INSERT_CHUNK);
    await tx
      .insert(elQu)
      .values(chunk.map(({ q }, i) => ({ ...rowValues(q), ...hidden, id: chunkIds[i], createdBy: userId })));
    const children = chunk.flatMap(({ q }, i) =>
      q.children.map((c, n) => ({
        ...rowValues(c),
        ...hidden,
        parentId: chunkIds[i],
        sort: n + 1,
        createdBy: userId,
      })),
    );
    // PostgreSQL takes at most 65,535 parameters a statement: children go in slices too.
    for (let c = 0; c < children.length; c += INSERT_CHUNK)
      await tx.insert(elQu).values(children.slice(c, c + INSERT_CHUNK));
    await tx.insert(elQuRepo).values(chunkIds.flatMap((quId) => repoIds.map((repoId) => ({ repoId, quId }))));
    await setQuestionKnowledge(
      tx,
      chunk.map(({ tags }, i) => ({ quId: chunkIds[i], paths: tags })),
      userId,
      false,
    );
  }
  return ids;
}

const INSERT_CHUNK = 200;

/** Creates or updates a question after checking every rule of its type. */
export async function saveQuestion(db: Executor, input: TQuSave, userId: string): Promise<string> {
  const q = normaliseQuestion(input);
  assertValid(q);
  const tags = [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))];
  const repoIds = [...new Set(input.repoIds)];
  await assertReposExist(db, repoIds);
  if (!input.id) {
    const created = await db.transaction(async (tx) => (await insertQuestions(tx, [{ q, tags }], repoIds, userId))[0]);
    await questionPoolChanged();
    return created;
  }
  const id = input.id;
  const [existing] = await db
    .select({ id: elQu.id, type: elQu.type })
    .from(elQu)
    .where(and(eq(elQu.id, id), isNull(elQu.deletedAt), isNull(elQu.parentId)));
  if (!existing) throw notFound('试题');
  const oldChildren = await db
    .select({ id: elQu.id })
    .from(elQu)
    .where(and(eq(elQu.parentId, id), isNull(elQu.deletedAt)));
  const oldIds = new Set(oldChildren.map((c) => c.id));
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(elQu).set(rowValues(q)).where(eq(elQu.id, id));
    await setQuestionKnowledge(tx, [{ quId: id, paths: tags }], userId, true);
    const keep: string[] = [];
    for (const [i, c] of q.children.entries()) {
      if (c.id && oldIds.has(c.id)) {
        keep.push(c.id);
        await tx
          .update(elQu)
          .set({ ...rowValues(c), sort: i + 1 })
          .where(eq(elQu.id, c.id));
      } else {
        await tx.insert(elQu).values({ ...rowValues(c), parentId: id, sort: i + 1, createdBy: userId });
      }
    }
    const removed = [...oldIds].filter((c) => !keep.includes(c));
    if (removed.length) await tx.update(elQu).set({ deletedAt: now }).where(inArray(elQu.id, removed));
    await tx.delete(elQuRepo).where(and(eq(elQuRepo.quId, id), notInArray(elQuRepo.repoId, repoIds)));
    await tx
      .insert(elQuRepo)
      .values(repoIds.map((repoId) => ({ repoId, quId: id })))
      .onConflictDoNothing();
  });
  await questionPoolChanged();
  return id;
}

type QuRow = typeof elQu.$inferSelect;
const childOut = (r: QuRow) => ({
  id: r.id,
  type: r.type,
  level: r.level,
  content: r.content,
  analysis: r.analysis,
  options: r.options,
  answer: r.answer as Record<string, unknown>,
  sort: r.sort,
});

/** Full questions (answers included, for administrators), in the order of `ids`. */
export async function questionDetails(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(elQu)
    .where(and(inArray(elQu.id, ids), isNull(elQu.deletedAt), isNull(elQu.parentId)));
  const kids = await db
    .select()
    .from(elQu)
    .where(and(inArray(elQu.parentId, ids), isNull(elQu.deletedAt)))
    .orderBy(asc(elQu.sort));
  const links = await db
    .select({ quId: elQuRepo.quId, repoId: elQuRepo.repoId })
    .from(elQuRepo)
    .innerJoin(elRepo, eq(elRepo.id, elQuRepo.repoId))
    .where(and(inArray(elQuRepo.quId, ids), isNull(elRepo.deletedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const points = await questionKnowledgePaths(db, ids);
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is QuRow => Boolean(r))
    .map((r) => ({
      ...childOut(r),
      tags: points.get(r.id) ?? [],
      repoIds: links.filter((l) => l.quId === r.id).map((l) => l.repoId),
      children: kids.filter((k) => k.parentId === r.id).map(childOut),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
}

/** One question for the editor. */
export async function questionDetail(db: Executor, id: string) {
  const [q] = await questionDetails(db, [id]);
  if (!q) throw notFound('试题');
  return q;
}

/**
 * A filter by a knowledge point's title path (`tag`) as one by the point's id: a path that names
 * no point matches nothing, rather than everything.
 */
export async function withKnowledgeFilter(db: Executor, p: TQuPagingParams): Promise<TQuPagingParams> {
  if (!p.tag || p.kpId) return p;
  return { ...p, kpId: (await knowledgePointOfPath(db, p.tag)) ?? NO_POINT };
}

const NO_POINT = '-';

/** The filter of the paging and export calls: live top-level questions (`tag`: see withKnowledgeFilter). */
export function questionFilter(p: TQuPagingParams): SQL {
  const where: SQL[] = [isNull(elQu.deletedAt), isNull(elQu.parentId)];
  if (p.repoId)
    where.push(
      sql`exists (select 1 from ${elQuRepo} where ${elQuRepo.quId} = ${elQu.id} and ${elQuRepo.repoId} = ${p.repoId})`,
    );
  if (p.type) where.push(eq(elQu.type, p.type));
  if (p.level) where.push(eq(elQu.level, p.level));
  if (p.kpId) where.push(inKnowledgeSubtree(sql`${elQu}.id`, p.kpId));
  if (p.keyword) {
    const like = containing(p.keyword);
    where.push(or(ilike(elQu.content, like), ilike(elQu.analysis, like)) as SQL);
  }
  return and(...where) as SQL;
}

/** One page of questions with a text summary, tags and banks. */
export async function pagingQuestions(db: Executor, q: { current: number; size: number; params: TQuPagingParams }) {
  const where = questionFilter(await withKnowledgeFilter(db, q.params));
  return paginateWith(
    q,
    db.select({ n: count() }).from(elQu).where(where),
    db
      .select({
        id: elQu.id,
        type: elQu.type,
        level: elQu.level,
        content: elQu.content,
        updatedAt: elQu.updatedAt,
        childCount:
          sql<number>`(select count(*) from ${elQu} c where c.parent_id = ${elQu}.id and c.deleted_at is null)`.mapWith(
            Number,
          ),
      })
      .from(elQu)
      .where(where)
      .orderBy(desc(elQu.createdAt), desc(elQu.id))
      .$dynamic(),
    async (rows) => {
      const ids = rows.map((r) => r.id);
      const links = ids.length
        ? await db
            .select({ quId: elQuRepo.quId, id: elRepo.id, title: elRepo.title })
            .from(elQuRepo)
            .innerJoin(elRepo, eq(elRepo.id, elQuRepo.repoId))
            .where(and(inArray(elQuRepo.quId, ids), isNull(elRepo.deletedAt)))
        : [];
      const points = await questionKnowledgePaths(db, ids);
      return rows.map(({ content, ...r }) => ({
        ...r,
        tags: points.get(r.id) ?? [],
        summary: htmlToText(content).slice(0, 200),
        repos: links.filter((l) => l.quId === r.id).map((l) => ({ id: l.id, title: l.title })),
      }));
    },
  );
}

/** Soft-deletes questions (and their children); refused when a published exam uses one. */
export async function deleteQuestions(db: Executor, ids: string[], now: Date): Promise<void> {
  const used = await isQuestionInUse(db, ids);
  if (used.length) throw conflict(`有${used.length}道试题已被已发布的考试使用，不能删除`);
  await db.transaction(async (tx) => {
    await tx
      .update(elQu)
      .set({ deletedAt: now })
      .where(and(inArray(elQu.id, ids), isNull(elQu.deletedAt)));
    await tx
      .update(elQu)
      .set({ deletedAt: now })
      .where(and(inArray(elQu.parentId, ids), isNull(elQu.deletedAt)));
  });
  await questionPoolChanged();
}

/**
 * Adds questions to a bank (copy: they then belong to both banks) or moves them (move: they
 * leave `fromRepoId`, or every other bank when none is given).
 */
export async function batchLink(
  db: Executor,
  input: { ids: string[]; toRepoId: string; fromRepoId?: string | null },
  move: boolean,
): Promise<number> {
  await assertReposExist(db, [input.toRepoId]);
  const live = await db
    .select({ id: elQu.id })
    .from(elQu)
    .where(and(inArray(elQu.id, input.ids), isNull(elQu.deletedAt), isNull(elQu.parentId)));
  const ids = live.map((r) => r.id);
  if (ids.length === 0) throw notFound('试题');
  await db.transaction(async (tx) => {
    await tx
      .insert(elQuRepo)
      .values(ids.map((quId) => ({ quId, repoId: input.toRepoId })))
      .onConflictDoNothing();
    if (move) {
      const from = input.fromRepoId
        ? eq(elQuRepo.repoId, input.fromRepoId)
        : sql`${elQuRepo.repoId} <> ${input.toRepoId}`;
      if (input.fromRepoId !== input.toRepoId) await tx.delete(elQuRepo).where(and(inArray(elQuRepo.quId, ids), from));
    }
  });
  await questionPoolChanged();
  return ids.length;
}
