/** The live-class module (直播): rooms, the media server's callbacks, watching, chat, statistics, replays. */
import type { FastifyInstance } from 'fastify';
import { registerLiveRoutes } from './live.routes.js';

export { liveConsumers } from './live-consumers.js';
export { liveTopicRule } from './live-realtime.js';
export { startLiveReminder, sweepLiveReminders } from './live-remind.js';

import { registerLiveMedia } from './live-media.routes.js';

export function registerLiveModule(app: FastifyInstance): void {
  registerLiveRoutes(app);
  registerLiveMedia(app);
}
