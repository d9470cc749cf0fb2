/** The paper module: templates, sitting an exam, marking (by paper and by question), regrading. */
import type { FastifyInstance } from 'fastify';
import { registerMarkRoutes } from './mark.routes.js';
import { registerMarkByQuestionRoutes } from './mark-by-question.routes.js';
import { registerPaperRoutes } from './paper.routes.js';
import { registerRegradeRoutes } from './regrade/regrade.routes.js';
import { registerTmplRoutes } from './tmpl.routes.js';

export function registerPaperModule(app: FastifyInstance): void {
  registerTmplRoutes(app);
  registerPaperRoutes(app);
  registerMarkRoutes(app);
  registerMarkByQuestionRoutes(app);
  registerRegradeRoutes(app);
}
