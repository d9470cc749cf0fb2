/**
 * The one realtime endpoint on the real app and database: tickets (single-use, 30 s, bound to a
 * live session), refused topics, Last-Event-ID replay and reset, heartbeats, events of one moment
 * leaving as one chunk, the stream's end of life and the cut-off of a client that does not read.
 */
import net from 'node:net';
import { ErrorCode, REALTIME_STREAM_PATH, realtimeTicket, sysUserLogout } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listening, openSse, openTopics } from '../../test/sse.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { realtimeHub } from './index.js';
import { TICKET_INVALID } from './stream.js';
import { TOPIC_REFUSED } from './topics.js';

let t: TestApp;
let student: string;
let studentId: string;
/** Added to the app's clock: a ticket's 30 s pass without waiting. */
let skewMs = 0;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => new Date(Date.now() + skewMs),
    config: { realtime: { heartbeatMs: 150, sendBufferBytes: 64 * 1024, maxStreamMs: 60_000 } },
  });
  student = await t.login('student', 'student123');
  studentId = (await t.call('/api/sys/user/info', {}, student)).data.id;
});
afterAll(async () => t.close());

const ticket = async (topics: string[], token: string, lastEventId?: string) => {
  const res = await t.request(realtimeTicket, { topics, lastEventId }, token);
  expect(res.code, res.msg).toBe(0);
  return res.data.ticket;
};
const streamOf = (tk: string, headers: Record<string, string> = {}) =>
  openSse(t.app, `${REALTIME_STREAM_PATH}?ticket=${encodeURIComponent(tk)}`, headers);

describe('tickets', () => {
  it('refuses without a session, bad topics, and topics of others (10010004)', async () => {
    expect((await t.request(realtimeTicket, { topics: [`user:${studentId}`] })).code).toBe(ErrorCode.NOT_LOGIN);
    const bad = await t.call(realtimeTicket.path, { topics: ['User Topic'] }, student);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('主题');
    expect((await t.call(realtimeTicket.path, { topics: [] }, student)).code).toBe(ErrorCode.BAD_PARAMS);
    for (const topics of [['user:someone-else'], ['nobody:claims-this'], [`user:${studentId}`, 'exam:x1:invigilate']]) {
      const res = await t.request(realtimeTicket, { topics }, student);
      expect(res.code, topics.join()).toBe(ErrorCode.NO_PERMISSION);
    }
    expect((await t.request(realtimeTicket, { topics: ['nobody:claims-this'] }, student)).msg).toBe(TOPIC_REFUSED);
  });

  it('opens one stream once; a used, unknown or expired ticket gets 401 and no stream', async () => {
    const tk = await ticket([`user:${studentId}`], student);
    const first = await streamOf(tk);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toContain('text/event-stream');
    expect(first.headers['x-accel-buffering']).toBe('no');
    expect(first.headers['cache-control']).toContain('no-cache');
    await first.until(/"type":"ready"/);
    first.close();

    for (const again of [tk, 'made-up', '']) {
      const refused = await streamOf(again);
      expect(refused.status).toBe(401);
      expect(refused.headers['content-type']).not.toContain('text/event-stream');
      await refused.ended;
      expect(JSON.parse(refused.text)).toEqual({ code: ErrorCode.NOT_LOGIN, msg: TICKET_INVALID, data: null });
    }

    const late = await ticket([`user:${studentId}`], student);
    skewMs = 31_000;
    try {
      expect((await streamOf(late)).status).toBe(401);
    } finally {
      skewMs = 0;
    }
  });

  it('is void once its session signed out', async () => {
    const token = await t.login('student', 'student123');
    const tk = await ticket([`user:${studentId}`], token);
    expect((await t.request(sysUserLogout, {}, token)).code).toBe(0);
    expect((await streamOf(tk)).status).toBe(401);
  });
});

describe('the stream', () => {
  const topic = () => `user:${studentId}`;

  it('relays the topic’s events with ids, and heartbeats while idle', async () => {
    const s = await openTopics(t, student, [topic()]);
    await s.until(/"type":"ready"/);
    const sent = realtimeHub.publish(topic(), { type: 'msg', data: { title: '成绩已发布' }, about: [studentId] });
    realtimeHub.publish('user:another', { type: 'msg', data: { title: '别人的' } });
    await s.until(/成绩已发布/);
    await s.until(/^: heartbeat$/m);
    s.close();
    const events = s.messages().filter((m) => m.data.type === 'msg');
    expect(events).toEqual([
      { id: sent.id, data: { topic: topic(), type: 'msg', at: sent.at, data: { title: '成绩已发布' } } },
    ]);
    expect(s.text).not.toContain('别人的');
    expect(s.text).not.toContain('about');
  });

  it('replays what was missed after Last-Event-ID (header or ticket), and sends reset when it is no longer held', async () => {
    const s = await openTopics(t, student, [topic()]);
    await s.until(/"type":"ready"/);
    const ready = s.messages().find((m) => m.data.type === 'ready');
    s.close();
    await s.ended;
    realtimeHub.publish(topic(), { type: 'msg', data: 1 });
    realtimeHub.publish(topic(), { type: 'msg', data: 2 });

    const viaTicket = await openTopics(t, student, [topic()], { lastEventId: ready?.id ?? '' });
    await viaTicket.until(/"type":"ready"/);
    viaTicket.close();
    const replayed = viaTicket.messages().map((m) => [m.data.type, m.data.data]);
    expect(replayed.slice(0, 3)).toEqual([
      ['msg', 1],
      ['msg', 2],
      ['ready', { topics: [topic()] }],
    ]);
    const lastId = viaTicket.messages()[0].id as string;

    // EventSource's own reconnection sends the header; it wins over the ticket's id.
    const viaHeader = await streamOf(await ticket([topic()], student, 'garbage'), { 'last-event-id': lastId });
    await viaHeader.until(/"type":"ready"/);
    viaHeader.close();
    expect(viaHeader.messages().map((m) => m.data.data)[0]).toBe(2);

    const tooOld = await openTopics(t, student, [topic()], { lastEventId: `${Date.now() - 10 * 60_000}-abc-1` });
    await tooOld.until(/"type":"ready"/);
    tooOld.close();
    expect(tooOld.messages().map((m) => m.data.type)).toEqual(['reset', 'ready']);
    expect(tooOld.messages()[0]).toMatchObject({ id: null, data: { topic: null, data: { topics: [topic()] } } });
  });

  it('sends events published together as one chunk, in order, none lost (not one write per event)', async () => {
    const port = await listening(t.app);
    const tk = await ticket([topic()], student);
    const socket = net.connect(port, '127.0.0.1');
    let raw = Buffer.alloc(0);
    socket.on('data', (b) => {
      raw = Buffer.concat([raw, b]);
    });
    socket.write(`GET ${REALTIME_STREAM_PATH}?ticket=${encodeURIComponent(tk)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    /** The HTTP chunks of the response body (chunked transfer encoding), as the server wrote them. */
    const chunks = () => {
      const out: string[] = [];
      let at = raw.indexOf('\r\n\r\n') + 4;
      for (;;) {
        const eol = raw.indexOf('\r\n', at);
        if (at < 4 || eol < 0) return out;
        const size = Number.parseInt(raw.subarray(at, eol).toString(), 16);
        if (!(size > 0) || raw.length < eol + 2 + size) return out;
        out.push(raw.subarray(eol + 2, eol + 2 + size).toString('utf8'));
        at = eol + 2 + size + 2;
      }
    };
    await expect.poll(() => chunks().join(''), { timeout: 10_000 }).toContain('"type":"ready"');
    const before = chunks().length;
    const sent = Array.from({ length: 50 }, (_, i) =>
      realtimeHub.publish(topic(), { type: 'msg', data: { n: i, text: `第${i}条` } }),
    );
    await expect.poll(() => chunks().join(''), { timeout: 10_000 }).toContain('第49条');
    socket.destroy();
    // The suite's 150 ms heartbeat may come in a chunk of its own.
    const after = chunks()
      .slice(before)
      .filter((c) => c.includes('data: '));
    expect(after).toHaveLength(1);
    const ids = [...after.join('').matchAll(/^id: (.+)$/gm)].map((m) => m[1]);
    expect(ids).toEqual(sent.map((e) => e.id));
  });

  it('cuts off a client that does not read instead of holding what it has not taken', async () => {
    const s = await openTopics(t, student, [topic()], { read: false });
    await expect.poll(() => realtimeHub.listenerCount(topic())).toBeGreaterThan(0);
    const big = 'x'.repeat(100 * 1024);
    for (let i = 0; i < 300 && realtimeHub.listenerCount(topic()) > 0; i++) {
      realtimeHub.publish(topic(), { type: 'msg', data: big });
      await new Promise((r) => setImmediate(r));
    }
    await expect.poll(() => realtimeHub.listenerCount(topic()), { timeout: 10_000 }).toBe(0);
    s.close();
  });

  it('ends by itself after the longest stream time (the client takes a new ticket)', async () => {
    const short = await createTestApp({
      config: { realtime: { heartbeatMs: 15_000, sendBufferBytes: 1 << 20, maxStreamMs: 300 } },
    });
    try {
      const token = await short.login('student', 'student123');
      const s = await openTopics(short, token, [topic()]);
      await s.until(/"type":"ready"/);
      await s.ended;
      expect(s.text).toContain('retry: 3000');
    } finally {
      await short.close();
    }
  });
});
