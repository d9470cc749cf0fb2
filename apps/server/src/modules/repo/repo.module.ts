/** The question bank module: banks, questions and knowledge points. */
import type { FastifyInstance } from 'fastify';
import { registerKnowledgeRoutes } from './knowledge.routes.js';
import { registerQuRoutes } from './qu.routes.js';
import { registerQuStatRoutes } from './qu-stats.routes.js';
import { installQuestionPool } from './question-pool.js';
import { registerRepoRoutes } from './repo.routes.js';

export function registerRepoModule(app: FastifyInstance): void {
  registerRepoRoutes(app);
  registerQuRoutes(app);
  registerKnowledgeRoutes(app);
  registerQuStatRoutes(app);
  installQuestionPool(app);
}
