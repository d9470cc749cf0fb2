/** The notice module (通知公告): routes; the scheduled-publish sweep is started by main.ts. */
import type { FastifyInstance } from 'fastify';
import { registerNoticeRoutes } from './notice.routes.js';

export { startNoticeSweeper, sweepDueNotices } from './notice-publish.js';

export function registerNoticeModule(app: FastifyInstance): void {
  registerNoticeRoutes(app);
}
