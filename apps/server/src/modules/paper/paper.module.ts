/** The paper module: templates, sitting an exam, marking, wrong-answer book. */
import type { FastifyInstance } from 'fastify';
import { registerBookRoutes } from './book.routes.js';
import { registerMarkRoutes } from './mark.routes.js';
import { registerPaperRoutes } from './paper.routes.js';
import { registerTmplRoutes } from './tmpl.routes.js';

export function registerPaperModule(app: FastifyInstance): void {
  registerTmplRoutes(app);
  registerPaperRoutes(app);
  registerMarkRoutes(app);
  registerBookRoutes(app);
}
