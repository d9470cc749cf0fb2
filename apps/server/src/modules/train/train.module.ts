/** The training module: practice sessions, spaced review of the wrong-answer book, statistics. */
import type { FastifyInstance } from 'fastify';
import { registerTrainStatRoutes } from './stat.routes.js';
import { registerTrainRoutes } from './train.routes.js';

export function registerTrainModule(app: FastifyInstance): void {
  registerTrainRoutes(app);
  registerTrainStatRoutes(app);
}
