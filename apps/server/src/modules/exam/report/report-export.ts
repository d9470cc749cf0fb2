/**
 * The reports as xlsx workbooks: rates as numbers shown as percentages (0.00%), times as wall-clock
 * text of the site's time zone (like the other exports).
 */
import type { TDeptReportQuery, TExamTrendQuery } from '@exam/contracts';
import ExcelJS from 'exceljs';
import type { ScopeHolder } from '../../../platform/data-scope.js';
import type { Executor } from '../../../platform/db.js';
import type { FileAnswer } from '../../../platform/route.js';
import { formatLocalDateTime } from '../../../platform/time-zone.js';
import { deptReport, examTrend, transcript } from './report.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Column {
  header: string;
  key: string;
  width?: number;
  percent?: boolean;
}

async function book(fileName: string, sheet: string, columns: Column[], rows: object[]): Promise<FileAnswer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? 14,
    ...(c.percent ? { style: { numFmt: '0.00%' } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  return { fileName, contentType: XLSX, body: Buffer.from(await wb.xlsx.writeBuffer()) };
}

const stamp = (now: Date, zone: string) => formatLocalDateTime(now, zone).slice(0, 10).replace(/-/g, '');

export async function exportTranscript(db: Executor, admin: ScopeHolder, userId: string, now: Date, zone: string) {
  const t = await transcript(db, admin, userId);
  const fmt = (v: string | null) => (v ? formatLocalDateTime(new Date(v), zone) : '');
  return book(
    `成绩单-${t.user.realName}-${stamp(now, zone)}.xlsx`,
    '成绩单',
    [
      { header: '考试名称', key: 'title', width: 30 },
      { header: '考试开始时间', key: 'examStart', width: 20 },
      { header: '参考次数', key: 'tryCount' },
      { header: '最高分', key: 'bestScore' },
      { header: '最近得分', key: 'lastScore' },
      { header: '试卷总分', key: 'totalScore' },
      { header: '及格分', key: 'passScore' },
      { header: '得分率', key: 'bestRate', percent: true },
      { header: '结果', key: 'result' },
      { header: '最近交卷时间', key: 'lastTime', width: 20 },
    ],
    t.rows.map((r) => ({
      ...r,
      examStart: fmt(r.examStart),
      lastTime: fmt(r.lastTime),
      result: r.passed ? '通过' : '未通过',
    })),
  );
}

export async function exportDeptReport(db: Executor, admin: ScopeHolder, q: TDeptReportQuery, now: Date, zone: string) {
  return book(
    `部门成绩对比-${stamp(now, zone)}.xlsx`,
    '部门对比',
    [
      { header: '部门', key: 'deptName', width: 22 },
      { header: '参考人数', key: 'learners' },
      { header: '已完成答卷数', key: 'papers' },
      { header: '通过答卷数', key: 'passedPapers' },
      { header: '通过率', key: 'passRate', percent: true },
      { header: '平均分', key: 'avgScore' },
      { header: '平均得分率', key: 'avgRate', percent: true },
    ],
    await deptReport(db, admin, q),
  );
}

export async function exportExamTrend(db: Executor, admin: ScopeHolder, q: TExamTrendQuery, now: Date, zone: string) {
  const rows = await examTrend(db, admin, q);
  return book(
    `考试趋势-${stamp(now, zone)}.xlsx`,
    '考试趋势',
    [
      { header: '考试名称', key: 'title', width: 30 },
      { header: '开始时间', key: 'startTime', width: 20 },
      { header: '试卷总分', key: 'totalScore' },
      { header: '参考人数', key: 'learners' },
      { header: '已完成答卷数', key: 'papers' },
      { header: '通过率', key: 'passRate', percent: true },
      { header: '平均分', key: 'avgScore' },
      { header: '平均得分率', key: 'avgRate', percent: true },
    ],
    rows.map((r) => ({ ...r, startTime: formatLocalDateTime(new Date(r.startTime), zone) })),
  );
}
