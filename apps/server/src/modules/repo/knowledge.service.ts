/**
 * Knowledge points (知识点): the tree of the site and the questions' links to it. Rules:
 * - titles are unique among siblings, so a path of titles (安全/消防) names one point; a path that
 *   names no point is created when questions are saved or imported with it;
 * - a point is never moved below itself (the `path` prefix test refuses a cycle);
 * - merging A into B gives A's questions B and moves A's children under B; a child whose title B
 *   already has is merged into that child the same way, so no two siblings share a title;
 * - deleting a point keeps its questions (they only lose this point) and lifts its children to its
 *   parent, merged like above where the parent already has a point of that title: deleting a
 *   heading does not throw away the points under it.
 */
import { type DifficultyBand, KP_PATH_SEP, type TKpMatrixCell, type TKpNode } from '@exam/contracts';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { elKnowledgePoint, elQu, elQuKnowledge, elQuRepo, elQuStat } from '../../db/schema/index.js';
import type { Executor, Tx } from '../../platform/db.js';
import { badParams, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { difficultyBandSql } from './difficulty-band.js';

type PointRow = typeof elKnowledgePoint.$inferSelect;

/** The titles of a path, trimmed, empty segments dropped ("安全 / 消防/" → ["安全", "消防"]). */
export const pathTitles = (path: string): string[] =>
  path
    .split(KP_PATH_SEP)
    .map((s) => s.trim())
    .filter(Boolean);

/** Title paths of every point, by id. */
export function titlePaths(rows: Pick<PointRow, 'id' | 'parentId' | 'title'>[]): Map<string, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<string, string>();
  const pathOf = (id: string, depth = 0): string => {
    const known = out.get(id);
    if (known !== undefined) return known;
    const r = byId.get(id);
    if (!r) return '';
    const parent = r.parentId && depth < 100 ? pathOf(r.parentId, depth + 1) : '';
    const p = parent ? `${parent}${KP_PATH_SEP}${r.title}` : r.title;
    out.set(id, p);
    return p;
  };
  for (const r of rows) pathOf(r.id);
  return out;
}

/** The whole tree, flat, with each point's own and subtree question counts (live questions). */
export async function knowledgeTree(db: Executor): Promise<TKpNode[]> {
  const res = await db.execute<{
    id: string;
    parent_id: string | null;
    title: string;
    sort: number;
    own: number | string;
    total: number | string;
  }>(sql`select p.id, p.parent_id, p.title, p.sort,
      (select count(*) from ${elQuKnowledge} k join ${elQu} q on q.id = k.qu_id and q.deleted_at is null
        where k.kp_id = p.id) as own,
      (select count(distinct k.qu_id) from ${elKnowledgePoint} d
        join ${elQuKnowledge} k on k.kp_id = d.id
        join ${elQu} q on q.id = k.qu_id and q.deleted_at is null
        where d.path like p.path || '%') as total
    from ${elKnowledgePoint} p
    order by p.sort, p.title, p.id`);
  const rows = res.rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    title: r.title,
    sort: Number(r.sort),
    quCount: Number(r.own),
    totalCount: Number(r.total),
  }));
  const paths = titlePaths(rows);
  return rows.map((r) => ({ ...r, path: paths.get(r.id) ?? r.title }));
}

async function pointOf(db: Executor, id: string): Promise<PointRow> {
  const [row] = await db.select().from(elKnowledgePoint).where(eq(elKnowledgePoint.id, id));
  if (!row) throw notFound('知识点');
  return row;
}

const siblingsOf = (parentId: string | null): SQL =>
  parentId ? eq(elKnowledgePoint.parentId, parentId) : isNull(elKnowledgePoint.parentId);

async function siblingTitled(db: Executor, parentId: string | null, title: string): Promise<PointRow | undefined> {
  const [row] = await db
    .select()
    .from(elKnowledgePoint)
    .where(and(siblingsOf(parentId), eq(elKnowledgePoint.title, title)));
  return row;
}

const takenMessage = (title: string) => `同一上级下已有知识点「${title}」，可以改名或合并`;

/** Creates a point under `parentId` (a root when null), or renames `id`. */
export async function saveKnowledgePoint(
  db: Executor,
  input: { id?: string | null; parentId?: string | null; title: string },
  userId: string,
): Promise<string> {
  const title = input.title.trim();
  return db.transaction(async (tx) => {
    if (input.id) {
      const point = await pointOf(tx, input.id);
      const same = await siblingTitled(tx, point.parentId, title);
      if (same && same.id !== point.id) throw conflict(takenMessage(title));
      await tx.update(elKnowledgePoint).set({ title }).where(eq(elKnowledgePoint.id, point.id));
      return point.id;
    }
    const parent = input.parentId ? await pointOf(tx, input.parentId) : null;
    if (await siblingTitled(tx, parent?.id ?? null, title)) throw conflict(takenMessage(title));
    return insertPoint(tx, parent, title, userId);
  });
}

async function insertPoint(tx: Executor, parent: PointRow | null, title: string, userId: string): Promise<string> {
  const id = newId();
  const [{ sort }] = await tx
    .select({ sort: sql<number>`coalesce(max(${elKnowledgePoint.sort}), 0) + 1`.mapWith(Number) })
    .from(elKnowledgePoint)
    .where(siblingsOf(parent?.id ?? null));
  await tx.insert(elKnowledgePoint).values({
    id,
    parentId: parent?.id ?? null,
    title,
    sort,
    path: `${parent?.path ?? '/'}${id}/`,
    createdBy: userId,
  });
  return id;
}

/** Re-roots the subtree of `point` under `parent` (null: a root), rewriting every path below it. */
async function reparent(tx: Tx, point: PointRow, parent: PointRow | null, sort?: number): Promise<void> {
  const newPath = `${parent?.path ?? '/'}${point.id}/`;
  await tx
    .update(elKnowledgePoint)
    .set({ path: sql`${newPath} || substr(${elKnowledgePoint.path}, ${point.path.length + 1})` })
    .where(sql`${elKnowledgePoint.path} like ${`${point.path}%`}`);
  await tx
    .update(elKnowledgePoint)
    .set({ parentId: parent?.id ?? null, ...(sort === undefined ? {} : { sort }) })
    .where(eq(elKnowledgePoint.id, point.id));
}

/** Moves a point (with its subtree) under another point or to the roots; never below itself. */
export async function moveKnowledgePoint(
  db: Executor,
  input: { id: string; parentId?: string | null; sort?: number | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const point = await pointOf(tx, input.id);
    const parent = input.parentId ? await pointOf(tx, input.parentId) : null;
    if (parent?.path.startsWith(point.path)) throw badParams('不能把知识点移动到它自己或它的下级之下');
    const same = await siblingTitled(tx, parent?.id ?? null, point.title);
    if (same && same.id !== point.id) throw conflict(takenMessage(point.title));
    await reparent(tx, point, parent, input.sort ?? undefined);
  });
}

/** A into B (B outside A's subtree): A's questions get B, A's children go under B, A is removed. */
async function mergeInto(tx: Tx, a: PointRow, b: PointRow): Promise<number> {
  let moved = 0;
  const children = await tx.select().from(elKnowledgePoint).where(eq(elKnowledgePoint.parentId, a.id));
  for (const child of children) {
    const same = await siblingTitled(tx, b.id, child.title);
    if (same) moved += await mergeInto(tx, child, same);
    else await reparent(tx, child, b);
  }
  const from = await tx.select({ quId: elQuKnowledge.quId }).from(elQuKnowledge).where(eq(elQuKnowledge.kpId, a.id));
  const links = from.length
    ? await tx
        .insert(elQuKnowledge)
        .values(from.map((l) => ({ quId: l.quId, kpId: b.id })))
        .onConflictDoNothing()
        .returning({ quId: elQuKnowledge.quId })
    : [];
  moved += links.length;
  await tx.delete(elQuKnowledge).where(eq(elQuKnowledge.kpId, a.id));
  await tx.delete(elKnowledgePoint).where(eq(elKnowledgePoint.id, a.id));
  return moved;
}

/** Merges `id` into `intoId`; answers how many questions newly got `intoId`. */
export async function mergeKnowledgePoint(db: Executor, input: { id: string; intoId: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const a = await pointOf(tx, input.id);
    const b = await pointOf(tx, input.intoId);
    if (b.path.startsWith(a.path)) throw badParams('不能把知识点合并到它自己或它的下级');
    return mergeInto(tx, a, b);
  });
}

/**
 * Deletes a point: its questions are kept and lose only this point; its children are lifted to
 * its parent (merged into a same-titled point there).
 */
export async function deleteKnowledgePoint(db: Executor, id: string): Promise<{ untagged: number; lifted: number }> {
  return db.transaction(async (tx) => {
    const point = await pointOf(tx, id);
    const parent = point.parentId ? await pointOf(tx, point.parentId) : null;
    const untagged = await tx
      .delete(elQuKnowledge)
      .where(eq(elQuKnowledge.kpId, point.id))
      .returning({ quId: elQuKnowledge.quId });
    await tx.delete(elKnowledgePoint).where(eq(elKnowledgePoint.id, point.id));
    const children = await tx.select().from(elKnowledgePoint).where(eq(elKnowledgePoint.parentId, point.id));
    for (const child of children) {
      const same = await siblingTitled(tx, parent?.id ?? null, child.title);
      if (same) await mergeInto(tx, child, same);
      else await reparent(tx, child, parent);
    }
    return { untagged: untagged.length, lifted: children.length };
  });
}

/**
 * The ids of the points named by title paths, creating the missing ones (and their missing
 * ancestors). A concurrent creation of the same point is taken, not duplicated (sibling title index).
 */
export async function resolveKnowledgePaths(
  tx: Executor,
  paths: string[],
  userId: string,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const wanted = [...new Set(paths)].filter((p) => pathTitles(p).length);
  if (!wanted.length) return out;
  const rows = await tx.select().from(elKnowledgePoint);
  const known = new Map<string, PointRow>();
  for (const [pid, p] of titlePaths(rows)) known.set(p, rows.find((r) => r.id === pid) as PointRow);
  for (const path of wanted) {
    let parent: PointRow | null = null;
    let sofar = '';
    for (const title of pathTitles(path)) {
      if (title.length > 30) throw badParams(`知识点「${title}」超过30个字`);
      sofar = sofar ? `${sofar}${KP_PATH_SEP}${title}` : title;
      let row = known.get(sofar);
      if (!row) {
        await insertPointIfMissing(tx, parent, title, userId);
        row = (await siblingTitled(tx, parent?.id ?? null, title)) as PointRow;
        known.set(sofar, row);
      }
      parent = row;
    }
    if (parent) out.set(path, parent.id);
  }
  return out;
}

async function insertPointIfMissing(tx: Executor, parent: PointRow | null, title: string, userId: string) {
  const id = newId();
  await tx
    .insert(elKnowledgePoint)
    .values({
      id,
      parentId: parent?.id ?? null,
      title,
      sort: 0,
      path: `${parent?.path ?? '/'}${id}/`,
      createdBy: userId,
    })
    .onConflictDoNothing();
}

/** Replaces the points of questions by those named in `paths` (per question), creating missing ones. */
export async function setQuestionKnowledge(
  tx: Executor,
  items: { quId: string; paths: string[] }[],
  userId: string,
  replace: boolean,
): Promise<void> {
  if (!items.length) return;
  const ids = await resolveKnowledgePaths(
    tx,
    items.flatMap((i) => i.paths),
    userId,
  );
  if (replace)
    await tx.delete(elQuKnowledge).where(
      inArray(
        elQuKnowledge.quId,
        items.map((i) => i.quId),
      ),
    );
  const links = [
    ...new Map(
      items.flatMap((i) =>
        i.paths
          .map((p) => ids.get(p))
          .filter((kpId): kpId is string => Boolean(kpId))
          .map((kpId) => [`${i.quId}|${kpId}`, { quId: i.quId, kpId }] as const),
      ),
    ).values(),
  ];
  for (let start = 0; start < links.length; start += 1000)
    await tx
      .insert(elQuKnowledge)
      .values(links.slice(start, start + 1000))
      .onConflictDoNothing();
}

/** The title paths of each question's points, sorted. */
export async function questionKnowledgePaths(db: Executor, quIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!quIds.length) return out;
  const links = await db
    .select({ quId: elQuKnowledge.quId, kpId: elQuKnowledge.kpId })
    .from(elQuKnowledge)
    .where(inArray(elQuKnowledge.quId, quIds));
  if (!links.length) return out;
  const rows = await db
    .select({ id: elKnowledgePoint.id, parentId: elKnowledgePoint.parentId, title: elKnowledgePoint.title })
    .from(elKnowledgePoint);
  const paths = titlePaths(rows);
  for (const l of links) {
    const p = paths.get(l.kpId);
    if (!p) continue;
    const list = out.get(l.quId) ?? [];
    list.push(p);
    out.set(l.quId, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.localeCompare(b, 'zh'));
  return out;
}

/** Questions tagged with the point `kpId` or a point below it. */
export const inKnowledgeSubtree = (quId: SQL, kpId: string): SQL =>
  sql`exists (select 1 from ${elQuKnowledge} k join ${elKnowledgePoint} d on d.id = k.kp_id
    where k.qu_id = ${quId} and d.path like (select p.path from ${elKnowledgePoint} p where p.id = ${kpId}) || '%')`;

/** The point a title path names, if any. */
export const knowledgePointOfPath = async (db: Executor, path: string): Promise<string | null> => {
  const rows = await db
    .select({ id: elKnowledgePoint.id, parentId: elKnowledgePoint.parentId, title: elKnowledgePoint.title })
    .from(elKnowledgePoint);
  const want = pathTitles(path).join(KP_PATH_SEP);
  for (const [id, p] of titlePaths(rows)) if (p === want) return id;
  return null;
};

/**
 * A bank's questions per point (each point counting its subtree, a question once), kind and
 * difficulty band, plus the questions with no point (kpId null). Bands follow difficulty-band.ts:
 * measured difficulty (el_qu_stat) when known, else the author's level.
 */
export async function knowledgeMatrix(db: Executor, repoId: string): Promise<TKpMatrixCell[]> {
  const band = difficultyBandSql(sql`s.difficulty`, sql`q.level`);
  const res = await db.execute<{ kp_id: string | null; type: number; band: DifficultyBand; n: number | string }>(sql`
    with bank as (
      select q.id, q.type, ${band} as band from ${elQu} q
      join ${elQuRepo} r on r.qu_id = q.id and r.repo_id = ${repoId}
      left join ${elQuStat} s on s.qu_id = q.id
      where q.deleted_at is null and q.parent_id is null
    )
    select p.id as kp_id, b.type, b.band, count(distinct b.id) as n
      from ${elKnowledgePoint} p
      join ${elKnowledgePoint} d on d.path like p.path || '%'
      join ${elQuKnowledge} k on k.kp_id = d.id
      join bank b on b.id = k.qu_id
      group by p.id, b.type, b.band
    union all
    select null, b.type, b.band, count(*) from bank b
      where not exists (select 1 from ${elQuKnowledge} k where k.qu_id = b.id)
      group by b.type, b.band`);
  return res.rows.map((r) => ({ kpId: r.kp_id, type: Number(r.type), band: r.band, count: Number(r.n) }));
}
