/**
 * Who may subscribe to which topic. Each module registers a rule for its topic prefix in
 * modules/index.ts (`topicRules`); the platform knows only `user:<id>` (a user's own topic). A
 * topic no rule claims is refused: nothing is streamed by default.
 */
import { ErrorCode } from '@exam/contracts';
import type { AuthUser } from '../auth.js';
import type { Db } from '../db.js';
import { AppError } from '../errors.js';
import type { RealtimeEvent } from './hub.js';

/** What a subscriber may receive of a topic it was allowed. */
export interface TopicGrant {
  /**
   * Whether one event reaches this subscriber (e.g. only events about users of their data
   * scope); called once per event and connection, in order. Absent: every event.
   */
  filter?: (event: RealtimeEvent) => boolean | Promise<boolean>;
}

export interface TopicRule {
  /** The topics it decides, by prefix including the colon: `exam:`, `live:`. */
  prefix: string;
  /**
   * Allows the user this topic (answering what they may receive of it) or throws an AppError
   * (10010004 with a Chinese reason; 10010003 for a thing that does not exist). Runs when the
   * ticket is issued and again when the stream opens.
   */
  authorize: (ctx: { db: Db; user: AuthUser; topic: string; now: Date }) => Promise<TopicGrant>;
}

export const TOPIC_REFUSED = '无权订阅该实时主题';

/** `user:<id>`: a user's own events (messages, the assistant's answers), for that user only. */
export const userTopicRule: TopicRule = {
  prefix: 'user:',
  authorize: async ({ user, topic }) => {
    if (topic !== `user:${user.id}`) throw new AppError(ErrorCode.NO_PERMISSION, TOPIC_REFUSED);
    return {};
  },
};

/** Asks each topic's rule; the first refusal is thrown. Answers the grants in the topics' order. */
export async function authorizeTopics(
  rules: readonly TopicRule[],
  ctx: { db: Db; user: AuthUser; now: Date },
  topics: readonly string[],
): Promise<Map<string, TopicGrant>> {
  const grants = new Map<string, TopicGrant>();
  for (const topic of new Set(topics)) {
    const rule = rules.find((r) => topic.startsWith(r.prefix));
    if (!rule) throw new AppError(ErrorCode.NO_PERMISSION, TOPIC_REFUSED);
    grants.set(topic, await rule.authorize({ ...ctx, topic }));
  }
  return grants;
}
