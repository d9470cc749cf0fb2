/** /api/exam/report/*: reports across exams (thin handlers; rules in report.service.ts). */
import {
  examReportDeptExport,
  examReportDeptStat,
  examReportLearnerList,
  examReportTranscriptDetail,
  examReportTranscriptExport,
  examReportTrendExport,
  examReportTrendStat,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route, routeFile } from '../../../platform/route.js';
import { deptReport, examTrend, scopedLearners, transcript } from './report.service.js';
import { exportDeptReport, exportExamTrend, exportTranscript } from './report-export.js';

const tags = ['考试-报表'];

export function registerReportRoutes(app: FastifyInstance): void {
  route(app, examReportLearnerList, { summary: '可查看成绩单的学员', tags }, async ({ body, user, deps }) =>
    scopedLearners(deps.db, user, body.keyword),
  );
  route(app, examReportTranscriptDetail, { summary: '学员成绩单', tags }, async ({ body, user, deps }) =>
    transcript(deps.db, user, body.userId),
  );
  routeFile(app, examReportTranscriptExport, { summary: '导出学员成绩单', tags }, async ({ body, user, deps }) =>
    exportTranscript(deps.db, user, body.userId, deps.clock(), deps.config.timeZone),
  );
  route(app, examReportDeptStat, { summary: '部门成绩对比', tags }, async ({ body, user, deps }) =>
    deptReport(deps.db, user, body),
  );
  routeFile(app, examReportDeptExport, { summary: '导出部门成绩对比', tags }, async ({ body, user, deps }) =>
    exportDeptReport(deps.db, user, body, deps.clock(), deps.config.timeZone),
  );
  route(app, examReportTrendStat, { summary: '考试成绩趋势', tags }, async ({ body, user, deps }) =>
    examTrend(deps.db, user, body),
  );
  routeFile(app, examReportTrendExport, { summary: '导出考试成绩趋势', tags }, async ({ body, user, deps }) =>
    exportExamTrend(deps.db, user, body, deps.clock(), deps.config.timeZone),
  );
}
