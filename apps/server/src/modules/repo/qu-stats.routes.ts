/** Routes of measured item statistics: the bank's review list. */
import { repoQuStatReview } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { quStatReview } from './qu-stats.service.js';

export function registerQuStatRoutes(app: FastifyInstance): void {
  route(
    app,
    repoQuStatReview,
    { summary: '待复核试题（区分度为负、全对、全错）', tags: ['试题'] },
    async ({ body, deps }) => quStatReview(deps.db, body),
  );
}
