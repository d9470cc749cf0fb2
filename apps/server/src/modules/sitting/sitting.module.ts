/** The sitting module: an exam attempt from its start to its review (answers, hand-in, marking, regrading). */
import type { FastifyInstance } from 'fastify';
import { registerEntryRoutes } from './entry.routes.js';
import { registerMarkRoutes } from './mark.routes.js';
import { registerMarkByQuestionRoutes } from './mark-by-question.routes.js';
import { registerPaperRoutes } from './paper.routes.js';
import { registerRegradeRoutes } from './regrade/regrade.routes.js';

export function registerSittingModule(app: FastifyInstance): void {
  registerEntryRoutes(app);
  registerPaperRoutes(app);
  registerMarkRoutes(app);
  registerMarkByQuestionRoutes(app);
  registerRegradeRoutes(app);
}
