/** The paper module: paper templates (what an exam draws from) and the draw itself. */
import type { FastifyInstance } from 'fastify';
import { registerTmplRoutes } from './tmpl.routes.js';

export function registerPaperModule(app: FastifyInstance): void {
  registerTmplRoutes(app);
}
