/** The proctoring module (远程监考): the exam's door, and (by its other parts) the room, the console and the review. */
import type { FastifyInstance } from 'fastify';
import { registerDoorRoutes } from './door/door.routes.js';

export function registerProctorModule(app: FastifyInstance): void {
  registerDoorRoutes(app);
}
