/** The certificate module: templates, issuing (by hand and on exam.passed / course.completed), verification. */
import type { FastifyInstance } from 'fastify';
import { registerCertRoutes } from './cert.routes.js';

export { certConsumers } from './cert-consumers.js';

export function registerCertModule(app: FastifyInstance): void {
  registerCertRoutes(app);
}
