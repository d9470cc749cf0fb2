/** The teaching assistant module (学习助教): routes. */
import type { FastifyInstance } from 'fastify';
import { registerAssistantRoutes } from './assistant.routes.js';

export function registerAssistantModule(app: FastifyInstance): void {
  registerAssistantRoutes(app);
}
