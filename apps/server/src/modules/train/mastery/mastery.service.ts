/**
 * Reading mastery: the learner's own points (weakest first, for "the points to work on"), the
 * administrator's heat map of departments × knowledge points over the learners of their data
 * scope (system/data-scope.ts), and its xlsx export. The rules of the figures are mastery-rules.ts.
 */
import type { TMasteryHeatmap, TMasteryHeatmapParams, TMasteryPoint } from '@exam/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { elKnowledgePoint, elKpMastery, sysDepart, sysUser } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { xlsxBook } from '../../../platform/xlsx.js';
import { type ScopeHolder, userScope } from '../../system/data-scope.js';
import { pointsOfPath } from './mastery-rules.js';

/** Titles of points by id, for paths like '安全/消防'. */
async function titlesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: elKnowledgePoint.id, title: elKnowledgePoint.title })
    .from(elKnowledgePoint)
    .where(inArray(elKnowledgePoint.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The learner's points with a mastery, weakest first. */
export async function myMastery(db: Executor, userId: string): Promise<TMasteryPoint[]> {
  const rows = await db
    .select({
      kpId: elKpMastery.kpId,
      mastery: elKpMastery.mastery,
      answers: elKpMastery.answers,
      lastAt: elKpMastery.lastAt,
      title: elKnowledgePoint.title,
      path: elKnowledgePoint.path,
    })
    .from(elKpMastery)
    .innerJoin(elKnowledgePoint, eq(elKnowledgePoint.id, elKpMastery.kpId))
    .where(eq(elKpMastery.userId, userId))
    .orderBy(asc(elKpMastery.mastery));
  // Ties: the deeper point first (it names what to practise more precisely), then by title.
  const depth = (path: string) => pointsOfPath(path).length;
  rows.sort(
    (a, b) => a.mastery - b.mastery || depth(b.path) - depth(a.path) || a.title.localeCompare(b.title, 'zh-CN'),
  );
  const titles = await titlesOf(db, [...new Set(rows.flatMap((r) => pointsOfPath(r.path)))]);
  return rows.map(({ path, ...r }) => ({
    ...r,
    pathTitle: pointsOfPath(path)
      .map((id) => titles.get(id) ?? '')
      .join('/'),
  }));
}

/** Departments × the children of `parentId` (the roots without): mean mastery of the scope's learners. */
export async function masteryHeatmap(
  db: Executor,
  admin: ScopeHolder,
  params: TMasteryHeatmapParams,
): Promise<TMasteryHeatmap> {
  const parent = params.parentId ? eq(elKnowledgePoint.parentId, params.parentId) : isNull(elKnowledgePoint.parentId);
  const points = await db
    .select({
      id: elKnowledgePoint.id,
      title: elKnowledgePoint.title,
      // Written out: in a one-table select Drizzle leaves column names unqualified, which the subquery's alias would capture.
      hasChildren: sql<boolean>`exists (select 1 from el_knowledge_point c where c.parent_id = el_knowledge_point.id)`,
    })
    .from(elKnowledgePoint)
    .where(parent)
    .orderBy(asc(elKnowledgePoint.sort), asc(elKnowledgePoint.title));
  if (points.length === 0) return { depts: [], points: [], cells: [] };
  const cells = await db
    .select({
      deptId: sysUser.deptId,
      kpId: elKpMastery.kpId,
      mastery: sql<number>`round(avg(${elKpMastery.mastery})::numeric, 4)::float8`,
      learners: sql<number>`count(distinct ${elKpMastery.userId})::int`,
    })
    .from(elKpMastery)
    .innerJoin(sysUser, eq(sysUser.id, elKpMastery.userId))
    .where(
      and(
        inArray(
          elKpMastery.kpId,
          points.map((p) => p.id),
        ),
        isNull(sysUser.deletedAt),
        userScope(admin),
        sql`${sysUser.deptId} is not null`,
      ),
    )
    .groupBy(sysUser.deptId, elKpMastery.kpId);
  const deptIds = [...new Set(cells.map((c) => c.deptId as string))];
  const depts = deptIds.length
    ? await db
        .select({ id: sysDepart.id, title: sysDepart.name })
        .from(sysDepart)
        .where(inArray(sysDepart.id, deptIds))
        .orderBy(asc(sysDepart.code))
    : [];
  return { depts, points, cells: cells.map((c) => ({ ...c, deptId: c.deptId as string })) };
}

/** The heat map as a sheet: one row per department, one column per point (mean mastery, %). */
export async function exportHeatmap(
  db: Executor,
  admin: ScopeHolder,
  params: TMasteryHeatmapParams,
  now: Date,
  zone: string,
) {
  const map = await masteryHeatmap(db, admin, params);
  const book = xlsxBook(zone);
  const cellOf = new Map(map.cells.map((c) => [`${c.deptId}\u0000${c.kpId}`, c]));
  book.sheet(
    '知识点掌握度',
    [
      { header: '部门', key: 'dept', width: 20 },
      ...map.points.map((p) => ({ header: p.title, key: p.id, width: 14, kind: 'percent' as const })),
    ],
    map.depts.map((d) => ({
      dept: d.title,
      ...Object.fromEntries(map.points.map((p) => [p.id, cellOf.get(`${d.id}\u0000${p.id}`)?.mastery ?? null])),
    })),
  );
  book.sheet(
    '人数',
    [{ header: '部门', key: 'dept', width: 20 }, ...map.points.map((p) => ({ header: p.title, key: p.id, width: 14 }))],
    map.depts.map((d) => ({
      dept: d.title,
      ...Object.fromEntries(map.points.map((p) => [p.id, cellOf.get(`${d.id}\u0000${p.id}`)?.learners ?? 0])),
    })),
  );
  return book.toFile(`知识点掌握度-${book.date(now).replace(/-/g, '')}.xlsx`);
}
