/**
 * /api/exam/print/*: papers as PDF (thin handlers; rules in print.service.ts). Administrators only:
 * the route helper refuses every learner on a permission route, so these are not question data a
 * sitting learner could reach (the sitting walker checks that a learner gets no download).
 */
import { examPrintAnsweredPreview, examPrintPaperPreview } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { routeFile } from '../../../platform/route.js';
import { printAnswered, printPaper } from './print.service.js';

const tags = ['考试-打印'];

export function registerPrintRoutes(app: FastifyInstance): void {
  routeFile(app, examPrintPaperPreview, { summary: '打印试卷（空白卷/答案卷）', tags }, async ({ body, deps }) =>
    printPaper(deps.db, body),
  );
  routeFile(app, examPrintAnsweredPreview, { summary: '打印考生答卷', tags }, async ({ body, user, deps }) =>
    printAnswered(deps.db, user, body.paperId, deps.config.timeZone),
  );
}
