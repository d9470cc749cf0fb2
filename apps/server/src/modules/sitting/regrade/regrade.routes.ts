/** /api/exam/regrade/*: correcting a question and regrading the exam's papers (thin handlers). */
import {
  examRegradeDetail,
  examRegradeJobList,
  examRegradeQuestionList,
  examRegradeReportPaging,
  examRegradeStart,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { elRegradeJob } from '../../../db/schema/index.js';
import { route } from '../../../platform/route.js';
import { regradeJobs, regradeProgress, regradeQuestions, regradeReport, startRegrade } from './regrade.service.js';
import { kickRegradeJob, needsRunner } from './regrade-run.js';

const tags = ['考试-重新评分'];

export function registerRegradeRoutes(app: FastifyInstance): void {
  route(app, examRegradeQuestionList, { summary: '可更正的题目', tags }, async ({ body, deps }) =>
    regradeQuestions(deps.db, body.examId),
  );
  route(app, examRegradeStart, { summary: '更正题目并重新评分', tags }, async ({ body, user, deps, request }) => {
    const job = await startRegrade(deps.db, user, body, deps.clock());
    kickRegradeJob(deps.db, job.id, deps.clock, (err) => request.log.error({ err }, 'regrade job failed'));
    return job;
  });
  route(app, examRegradeDetail, { summary: '重新评分进度', tags }, async ({ body, user, deps, request }) => {
    // A job whose runner died (lease expired) is resumed from its cursor by the next poll.
    const [job] = await deps.db
      .select({ state: elRegradeJob.state, leaseUntil: elRegradeJob.leaseUntil })
      .from(elRegradeJob)
      .where(eq(elRegradeJob.id, body.id));
    if (job && needsRunner(job, deps.clock()))
      kickRegradeJob(deps.db, body.id, deps.clock, (err) => request.log.error({ err }, 'regrade job failed'));
    return regradeProgress(deps.db, user, body.id);
  });
  route(app, examRegradeJobList, { summary: '重新评分记录', tags }, async ({ body, user, deps }) =>
    regradeJobs(deps.db, user, body.examId),
  );
  route(app, examRegradeReportPaging, { summary: '重新评分前后对比', tags }, async ({ body, user, deps }) =>
    regradeReport(deps.db, user, body.params, body.current, body.size),
  );
}
