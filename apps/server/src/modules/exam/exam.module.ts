/** The exam module: exams (admin and learner list/check) and results. */
import type { FastifyInstance } from 'fastify';
import { registerExamRoutes } from './exam.routes.js';
import { registerResultRoutes } from './result.routes.js';

export function registerExamModule(app: FastifyInstance): void {
  registerExamRoutes(app);
  registerResultRoutes(app);
}
