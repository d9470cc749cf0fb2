/**
 * The realtime port. Modules publish with `realtimeHub.publish(topic, {type, data,
 * about?})` and declare who may subscribe to their topic prefix with a `TopicRule` listed in
 * modules/index.ts (`topicRules`); clients subscribe through the one stream endpoint (stream.ts).
 */
import type { FastifyInstance } from 'fastify';
import { RealtimeHub } from './hub.js';
import { registerRealtimeRoutes } from './stream.js';
import { type TopicRule, userTopicRule } from './topics.js';

export type { PublishInput, RealtimeEvent } from './hub.js';
export { RealtimeHub } from './hub.js';
export type { TopicGrant, TopicRule } from './topics.js';
export { TOPIC_REFUSED } from './topics.js';

/** The hub of this process (one per process, as the deliveries of the outbox). */
export const realtimeHub = new RealtimeHub();

/** Serves the stream for the modules' topic rules; spans instances through Redis when it is set. */
export function installRealtime(app: FastifyInstance, rules: readonly TopicRule[], hub = realtimeHub): void {
  const redis = app.deps.redis;
  if (redis) {
    app.addHook('onReady', async () => {
      await hub.attachRedis(redis).catch((err) => app.log.warn({ err }, 'realtime: redis subscribe failed'));
    });
    app.addHook('onClose', async () => hub.close());
  }
  registerRealtimeRoutes(app, hub, [userTopicRule, ...rules]);
}
