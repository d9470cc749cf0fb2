/**
 * The live room on the realtime hub (platform/realtime): who may subscribe to `live:<id>` (the
 * room's viewers, by the one audience rule) and what is published there. Chat lines, deletions and
 * mutes are published after the change committed; the online count at most every ONLINE_EVERY_MS
 * per room and instance (2,000 viewers beat ~130 times a second: each beat must not fan out).
 */
import { ErrorCode, liveTopic, type TLiveChat } from '@exam/contracts';
import { AppError } from '../../platform/errors.js';
import { authorize } from '../../platform/policy/index.js';
import { realtimeHub, type TopicRule } from '../../platform/realtime/index.js';
import { livePolicy } from './live.policy.js';

const TOPIC = /^live:([A-Za-z0-9_-]{1,64})$/;

export const liveTopicRule: TopicRule = {
  prefix: 'live:',
  authorize: async ({ db, user, topic }) => {
    const liveId = TOPIC.exec(topic)?.[1];
    if (!liveId) throw new AppError(ErrorCode.NO_PERMISSION, '直播主题格式不正确');
    await authorize(db, user, livePolicy, 'watch', { viewer: user, liveId: liveId });
    return {};
  },
};

export const publishChat = (msg: TLiveChat) => realtimeHub.publish(liveTopic(msg.liveId), { type: 'chat', data: msg });
export const publishChatDeleted = (liveId: string, id: string) =>
  realtimeHub.publish(liveTopic(liveId), { type: 'chat.deleted', data: { id } });
export const publishMuted = (liveId: string, userId: string, muted: boolean) =>
  realtimeHub.publish(liveTopic(liveId), { type: 'muted', data: { userId, muted }, about: [userId] });
export const publishState = (liveId: string, state: number) =>
  realtimeHub.publish(liveTopic(liveId), { type: 'state', data: { state } });

const ONLINE_EVERY_MS = 5000;
const lastOnline = new Map<string, { at: number; online: number }>();

/** Publishes the room's online count when it changed and the last one is old enough. */
export function publishOnline(liveId: string, online: number, now = Date.now()): void {
  const last = lastOnline.get(liveId);
  if (last && (last.online === online || now - last.at < ONLINE_EVERY_MS)) return;
  if (lastOnline.size > 10_000) lastOnline.clear();
  lastOnline.set(liveId, { at: now, online });
  realtimeHub.publish(liveTopic(liveId), { type: 'online', data: { online } });
}
