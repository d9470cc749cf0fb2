/** The question bank module: banks and questions. */
import type { FastifyInstance } from 'fastify';
import { registerQuRoutes } from './qu.routes.js';
import { registerQuStatRoutes } from './qu-stats.routes.js';
import { registerRepoRoutes } from './repo.routes.js';

export function registerRepoModule(app: FastifyInstance): void {
  registerRepoRoutes(app);
  registerQuRoutes(app);
  registerQuStatRoutes(app);
}
