/**
 * The reports as xlsx workbooks: rates as numbers shown as percentages (0.00%), times as wall-clock
 * text of the site's time zone (like the other exports).
 */
import type { TDeptReportQuery, TExamTrendQuery } from '@exam/contracts';
import type { Executor } from '../../../platform/db.js';
import type { FileAnswer } from '../../../platform/route.js';
import { type XlsxColumn, xlsxBook } from '../../../platform/xlsx.js';
import type { ScopeHolder } from '../../system/data-scope.js';
import { deptReport, examTrend, transcript } from './report.service.js';

/** One sheet through the shared writer (platform/xlsx.ts): times in the site zone, rates as 0.00%. */
function book(
  zone: string,
  fileName: string,
  sheet: string,
  columns: XlsxColumn[],
  rows: object[],
): Promise<FileAnswer> {
  const b = xlsxBook(zone);
  b.sheet(sheet, columns, rows);
  return b.toFile(fileName);
}

const stamp = (now: Date, zone: string) => xlsxBook(zone).date(now).replace(/-/g, '');

export async function exportTranscript(db: Executor, admin: ScopeHolder, userId: string, now: Date, zone: string) {
  const t = await transcript(db, admin, userId);
  return book(
    zone,
    `成绩单-${t.user.realName}-${stamp(now, zone)}.xlsx`,
    '成绩单',
    [
      { header: '考试名称', key: 'title', width: 30 },
      { header: '考试开始时间', key: 'examStart', width: 20, kind: 'datetime' },
      { header: '参考次数', key: 'tryCount' },
      { header: '最高分', key: 'bestScore' },
      { header: '最近得分', key: 'lastScore' },
      { header: '试卷总分', key: 'totalScore' },
      { header: '及格分', key: 'passScore' },
      { header: '得分率', key: 'bestRate', kind: 'percent' },
      { header: '结果', key: 'result' },
      { header: '最近交卷时间', key: 'lastTime', width: 20, kind: 'datetime' },
    ],
    t.rows.map((r) => ({ ...r, result: r.passed ? '通过' : '未通过' })),
  );
}

export async function exportDeptReport(db: Executor, admin: ScopeHolder, q: TDeptReportQuery, now: Date, zone: string) {
  return book(
    zone,
    `部门成绩对比-${stamp(now, zone)}.xlsx`,
    '部门对比',
    [
      { header: '部门', key: 'deptName', width: 22 },
      { header: '参考人数', key: 'learners' },
      { header: '已完成答卷数', key: 'papers' },
      { header: '通过答卷数', key: 'passedPapers' },
      { header: '通过率', key: 'passRate', kind: 'percent' },
      { header: '平均分', key: 'avgScore' },
      { header: '平均得分率', key: 'avgRate', kind: 'percent' },
    ],
    await deptReport(db, admin, q),
  );
}

export async function exportExamTrend(db: Executor, admin: ScopeHolder, q: TExamTrendQuery, now: Date, zone: string) {
  const rows = await examTrend(db, admin, q);
  return book(
    zone,
    `考试趋势-${stamp(now, zone)}.xlsx`,
    '考试趋势',
    [
      { header: '考试名称', key: 'title', width: 30 },
      { header: '开始时间', key: 'startTime', width: 20, kind: 'datetime' },
      { header: '试卷总分', key: 'totalScore' },
      { header: '参考人数', key: 'learners' },
      { header: '已完成答卷数', key: 'papers' },
      { header: '通过率', key: 'passRate', kind: 'percent' },
      { header: '平均分', key: 'avgScore' },
      { header: '平均得分率', key: 'avgRate', kind: 'percent' },
    ],
    rows,
  );
}
