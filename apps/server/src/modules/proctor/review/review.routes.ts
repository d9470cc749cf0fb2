/** /api/exam/proctor/review/*: the review after the exam (thin handlers). */
import { examProctorReviewPaging, examProctorReviewSave } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { reviewPaging, saveReview } from './review.service.js';

const tags = ['考试-远程监考'];

export function registerReviewRoutes(app: FastifyInstance): void {
  route(app, examProctorReviewPaging, { summary: '监考复核：待复核考生', tags }, async ({ body, user, deps }) =>
    reviewPaging(deps, user, body),
  );
  route(app, examProctorReviewSave, { summary: '监考复核：保存复核结论', tags }, async ({ body, user, deps }) =>
    saveReview(deps, user, body),
  );
}
