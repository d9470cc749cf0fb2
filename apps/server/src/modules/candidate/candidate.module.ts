/** The candidate module: exams opened to people without an account (README.md). */
import type { FastifyInstance } from 'fastify';
import { registerCandidateRoutes } from './candidate.routes.js';

export function registerCandidateModule(app: FastifyInstance): void {
  registerCandidateRoutes(app);
}
