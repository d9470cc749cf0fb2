/**
 * Practice statistics for administrators (练习统计): per bank and per learner — sessions, answers,
 * accuracy — over the learners in the administrator's data scope, and their xlsx export.
 */

import { and, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { elRepo, elTrain, sysDepart, sysUser } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { containing } from '../../platform/like.js';
import { paginateGroups } from '../../platform/paging.js';
import { personColumns, type XlsxColumn, xlsxBook } from '../../platform/xlsx.js';
import { type ScopeHolder, userScope } from '../system/data-scope.js';

export interface StatParams {
  repoId?: string | null;
  keyword?: string | null;
}

const MAX_EXPORT_ROWS = 10_000;
const num = (expr: SQL) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number);
const iso = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);
/**
 * 正确率 of the statistics = 答对数 / 答题数, so the figures on one row add up (2 right of 9
 * answered is 22.22 %, not 25 % from leaving an unjudged short answer out of the base).
 */
export const statAccuracy = (right: number, answered: number): number =>
  answered > 0 ? Math.round((right * 10000) / answered) / 100 : 0;

const figures = {
  sessions: num(sql`count(*)`),
  answered: num(sql`sum(${elTrain.answered})`),
  rightCount: num(sql`sum(${elTrain.rightCount})`),
  wrongCount: num(sql`sum(${elTrain.wrongCount})`),
  lastAt: sql<string | null>`max(${elTrain.startedAt})`,
  rowTotal: num(sql`count(*) over ()`),
};

/** A statistics row as answered: its accuracy, its time in ISO; the page total and 答错数 left out. */
const statRecord = <
  T extends { rowTotal: number; wrongCount: number; rightCount: number; answered: number; lastAt: string | null },
>({
  rowTotal: _t,
  wrongCount: _w,
  ...r
}: T) => ({ ...r, accuracy: statAccuracy(r.rightCount, r.answered), lastAt: iso(r.lastAt) });

/** Per bank: sessions, learners, answers and accuracy (review sessions span banks and are left out). */
export async function statByRepo(db: Executor, admin: ScopeHolder, params: StatParams, current: number, size: number) {
  const where: SQL[] = [isNotNull(elTrain.repoId), userScope(admin, elTrain.userId)];
  if (params.repoId) where.push(eq(elTrain.repoId, params.repoId));
  if (params.keyword) where.push(ilike(elRepo.title, containing(params.keyword)));
  const rows = db
    .select({
      repoId: elRepo.id,
      title: elRepo.title,
      learners: num(sql`count(distinct ${elTrain.userId})`),
      ...figures,
    })
    .from(elTrain)
    .innerJoin(elRepo, eq(elRepo.id, elTrain.repoId))
    .where(and(...where))
    .groupBy(elRepo.id, elRepo.title)
    .orderBy(desc(sql`count(*)`), elRepo.title)
    .$dynamic();
  return paginateGroups({ current, size }, rows, statRecord);
}

/** Per learner (optionally within one bank): sessions, answers and accuracy. */
export async function statByUser(db: Executor, admin: ScopeHolder, params: StatParams, current: number, size: number) {
  const where: SQL[] = [userScope(admin, elTrain.userId)];
  if (params.repoId) where.push(eq(elTrain.repoId, params.repoId));
  if (params.keyword)
    where.push(
      or(
        ilike(sysUser.userName, containing(params.keyword)),
        ilike(sysUser.realName, containing(params.keyword)),
      ) as SQL,
    );
  const rows = db
    .select({
      userId: sysUser.id,
      userName: sysUser.userName,
      realName: sysUser.realName,
      deptName: sysDepart.name,
      ...figures,
    })
    .from(elTrain)
    .innerJoin(sysUser, eq(sysUser.id, elTrain.userId))
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .where(and(...where))
    .groupBy(sysUser.id, sysUser.userName, sysUser.realName, sysDepart.name)
    .orderBy(desc(sql`sum(${elTrain.answered})`), sysUser.userName)
    .$dynamic();
  return paginateGroups({ current, size }, rows, statRecord);
}

/** The workbook: one sheet per bank, one per learner, for the same filters; times in the site's zone. */
export async function exportStat(db: Executor, admin: ScopeHolder, params: StatParams, now: Date, zone: string) {
  const byRepo = await statByRepo(db, admin, params, 1, MAX_EXPORT_ROWS);
  const byUser = await statByUser(db, admin, { repoId: params.repoId }, 1, MAX_EXPORT_ROWS);
  const book = xlsxBook(zone);
  const figures: XlsxColumn[] = [
    { header: '答题数', key: 'answered', width: 12 },
    { header: '答对数', key: 'rightCount', width: 12 },
    { header: '正确率(%)', key: 'accuracy', width: 12 },
    { header: '最近训练时间', key: 'lastAt', width: 22, kind: 'datetime' },
  ];
  book.sheet(
    '按题库',
    [
      { header: '题库名称', key: 'title', width: 30 },
      { header: '训练次数', key: 'sessions', width: 12 },
      { header: '练习人数', key: 'learners', width: 12 },
      ...figures,
    ],
    byRepo.records,
  );
  book.sheet(
    '按学员',
    [...personColumns({ deptWidth: 20 }), { header: '训练次数', key: 'sessions', width: 12 }, ...figures],
    byUser.records,
  );
  return book.toFile(`练习统计-${book.date(now).replace(/-/g, '')}.xlsx`);
}
