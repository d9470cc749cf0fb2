/**
 * The realtime stream: one server-sent-events endpoint for every topic. A client
 * first asks for a ticket with its normal token in the header (POST, the usual envelope), then
 * opens `GET /api/realtime/stream?ticket=…`: the ticket is single-use, lives 30 s and is bound to
 * the user and the topics it was issued for, so no long-lived token ever sits in a URL.
 */
import { z } from 'zod';

/** A topic: lower-case prefix and id segments, e.g. `exam:<id>:invigilate`, `user:<id>`, `live:<roomId>`. */
export const REALTIME_TOPIC = /^[a-z][a-z0-9-]*(?::[A-Za-z0-9_-]{1,64}){1,3}$/;
export const REALTIME_MAX_TOPICS = 20;
/** How long a ticket may wait before the stream is opened with it. */
export const REALTIME_TICKET_SECONDS = 30;
/** Path of the stream (GET, `?ticket=`; EventSource cannot send headers). */
export const REALTIME_STREAM_PATH = '/api/realtime/stream';

export const ZRealtimeTicketSchema = z.object({
  topics: z
    .array(z.string().regex(REALTIME_TOPIC, '主题格式不正确').describe('主题'))
    .min(1, '请至少订阅一个主题')
    .max(REALTIME_MAX_TOPICS, `一次最多订阅 ${REALTIME_MAX_TOPICS} 个主题`)
    .describe('订阅主题'),
  /** The id of the last event the client received: the stream replays what came after it. */
  lastEventId: z.string().max(80).nullish().describe('最后收到的事件ID'),
});
export type TRealtimeTicket = z.infer<typeof ZRealtimeTicketSchema>;

export const ZRealtimeTicketResultSchema = z.object({
  ticket: z.string().describe('连接凭证'),
  expiresAt: z.string().describe('凭证失效时间'),
});
export type TRealtimeTicketResult = z.infer<typeof ZRealtimeTicketResultSchema>;

/**
 * What every message of the stream carries (SSE `data:`, the default `message` event; its `id:`
 * is the event id). `ready` comes once the stream is open (topic null); `reset` when what was
 * missed since `Last-Event-ID` is no longer held: the client reads its state again.
 */
export interface TRealtimeMessage<T = unknown> {
  topic: string | null;
  type: string;
  at: string;
  data: T;
}
