/** /api/exam/result/*: results of an exam for administrators (thin handlers). */
import {
  examResultExamPaging,
  examResultExport,
  examResultPaperDetail,
  examResultPaperPaging,
  examResultQuStat,
  examResultStat,
  examResultUserPaging,
  examResultVoid,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route, routeFile } from '../../platform/route.js';
import { adminRecordPaging } from '../sitting/paper-result.js';
import { adminPaperDetail, participantPaging, resultExamPaging, voidPaper } from './result.service.js';
import { exportResults } from './result-export.js';
import { examStat, questionStat } from './result-stat.js';

const tags = ['考试-成绩'];

export function registerResultRoutes(app: FastifyInstance): void {
  route(app, examResultExamPaging, { summary: '考试成绩概览', tags }, async ({ body, user, deps }) =>
    resultExamPaging(deps.db, user, body.params, body.current, body.size),
  );
  route(app, examResultUserPaging, { summary: '考试的参考人员', tags }, async ({ body, user, deps }) =>
    participantPaging(deps.db, user, body.params, body.current, body.size),
  );
  route(app, examResultPaperPaging, { summary: '考试的答卷记录', tags }, async ({ body, user, deps }) =>
    adminRecordPaging(deps.db, user, body.params, body.current, body.size, deps.clock()),
  );
  route(app, examResultStat, { summary: '成绩统计（通过率、分数分布）', tags }, async ({ body, user, deps }) =>
    examStat(deps.db, user, body.examId),
  );
  route(app, examResultQuStat, { summary: '试题分析（正确率、难度、区分度）', tags }, async ({ body, user, deps }) =>
    questionStat(deps.db, user, body.examId),
  );
  route(app, examResultPaperDetail, { summary: '答卷详情（管理）', tags }, async ({ body, user, deps }) =>
    adminPaperDetail(deps.db, user, body.paperId, deps.clock()),
  );
  route(app, examResultVoid, { summary: '作废答卷', tags }, async ({ body, user, deps }) => {
    await voidPaper(deps.db, user, body.paperId, body.reason, deps.clock());
    return null;
  });
  routeFile(app, examResultExport, { summary: '导出考试成绩', tags }, async ({ body, user, deps }) =>
    exportResults(deps.db, user, body.examId, deps.clock(), deps.config.timeZone),
  );
}
