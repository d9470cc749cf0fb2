/**
 * A live class under load, on PostgreSQL: V viewers each send the real heartbeat
 * (`/api/live/learn/beat`) about every 15 s (uniformly 12-18 s, start-up spread over one interval)
 * while the audience also chats at `--chat` messages a second through the real chat endpoint
 * (`/api/live/chat/send`; each viewer sends at most one message every 3 s: the route's per-learner
 * cap is 20 a minute, so the messages are spread over enough learners), and S of them hold a
 * realtime stream (`/api/realtime/stream`) on the room's topic and count the chat lines they
 * receive (delivered, lag from send to receipt).
 *
 * Phases, one after the other on one fresh database (a room of their own each, live, open to all):
 *   raw       the same heartbeats against bench/live-raw-server.mjs (a bare server, the same pool
 *             size, the heartbeat's essential upsert only): the floor of this machine
 *   before    (with --before <main.js>) heartbeats only against an older build
 *   heartbeat heartbeats only against the built server (apps/server/dist)
 *   mixed     heartbeats + chat + the realtime subscribers against the built server
 *   mixed-before  (with --before) the same against the older build
 * A phase may be listed more than once (`--phases mixed-before,mixed,mixed-before,mixed`: A B A B).
 *
 *   npm run build -w @exam/server
 *   npx tsx bench/live.ts --viewers 2000 --seconds 60 --chat 200 --subscribers 300 [--before apps/server/dist-before/main.js]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { liveChatSend, liveLearnBeat, liveTopic, REALTIME_STREAM_PATH, realtimeTicket } from '@exam/contracts';
import { like } from 'drizzle-orm';
import { elLive, sysUser } from '../apps/server/src/db/schema/index.js';
import { secretId } from '../apps/server/src/platform/ids.js';
import {
  type BenchDatabase,
  createBenchDatabase,
  insertLearners,
  loadAverage,
  machine,
  percentiles,
  processCpuSeconds,
  root,
  type Sample,
  serverEnv,
  startBuiltServer,
  writeReport,
} from './setup.js';

const { values: args } = parseArgs({
  options: {
    viewers: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '60' },
    chat: { type: 'string', default: '200' },
    subscribers: { type: 'string', default: '300' },
    before: { type: 'string' },
    phases: { type: 'string', default: 'raw,before,heartbeat,mixed' },
    subscriber: { type: 'string', default: 'raw' },
  },
});
const VIEWERS = Number(args.viewers);
const SECONDS = Number(args.seconds);
const CHAT_PER_S = Number(args.chat);
const SUBSCRIBERS = Math.min(Number(args.subscribers), VIEWERS);
const BEAT_MS = 15_000;
const CHAT_MIN_GAP_MS = 3_000;
const KNOWN_PHASES = ['raw', 'before', 'heartbeat', 'mixed', 'mixed-before'];
const PHASES = args.phases.split(',').filter(Boolean);
for (const p of PHASES) if (!KNOWN_PHASES.includes(p)) throw new Error(`unknown phase ${p}`);

type Viewer = { token: string; userId: string };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Recorder {
  samples: Sample[] = [];
  errors = new Map<string, number>();
  async call(url: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
    const started = performance.now();
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string; data: unknown };
      this.samples.push({ ms: performance.now() - started, ok: json.code === 0 });
      if (json.code !== 0) this.errors.set(json.msg, (this.errors.get(json.msg) ?? 0) + 1);
      return json.data;
    } catch (err) {
      this.samples.push({ ms: performance.now() - started, ok: false });
      const m = (err as Error).message;
      this.errors.set(m, (this.errors.get(m) ?? 0) + 1);
      return null;
    }
  }
  report() {
    return { ...percentiles(this.samples), errorKinds: Object.fromEntries(this.errors) };
  }
}

async function setup() {
  const bench = await createBenchDatabase('pg', 'live-bench');
  const database = await bench.open();
  const { db } = database;
  const tokens = await insertLearners(db, VIEWERS, { prefix: 'lbench', passwordHash: 'x' });
  const users = await db
    .select({ id: sysUser.id, userName: sysUser.userName })
    .from(sysUser)
    .where(like(sysUser.userName, 'lbench%'));
  const idOf = new Map(users.map((u) => [Number(u.userName.slice('lbench'.length)), u.id]));
  const viewers: Viewer[] = tokens.map((token, i) => ({ token, userId: idOf.get(i) as string }));
  // One live room per phase (each starts with no viewer rows), open to everyone, the stream on.
  const now = Date.now();
  const rooms = await db
    .insert(elLive)
    .values(
      PHASES.map((p, i) => ({
        title: `压测直播-${i}-${p}`,
        startTime: new Date(now - 60_000),
        endTime: new Date(now + 4 * 3600_000),
        openType: 1,
        streamKey: secretId(18),
        playName: secretId(18),
        publishingSince: new Date(now - 30_000),
        firstPublishAt: new Date(now - 30_000),
      })),
    )
    .returning({ id: elLive.id, title: elLive.title });
  await database.close();
  const roomOf = Object.fromEntries(rooms.map((r) => [Number(r.title.split('-')[1]), r.id]));
  return { bench, viewers, roomOf };
}

async function startRaw(bench: BenchDatabase, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'bench/live-raw-server.mjs')], {
    env: { ...process.env, DATABASE_URL: bench.databaseUrl ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', () => reject(new Error('raw server did not start')));
  });
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill();
  await new Promise((r) => child.once('exit', r));
}

/** Each viewer beats every 12-18 s for SECONDS, the first beats spread over one interval. */
async function heartbeats(viewers: Viewer[], beat: (v: Viewer) => Promise<unknown>) {
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    viewers.map(async (v, i) => {
      await sleep((i / viewers.length) * BEAT_MS);
      while (Date.now() < end) {
        await beat(v);
        await sleep(BEAT_MS * (0.8 + Math.random() * 0.4));
      }
    }),
  );
}

/** CHAT_PER_S messages a second in all, each viewer at most one every CHAT_MIN_GAP_MS. */
async function chatter(viewers: Viewer[], send: (v: Viewer, text: string) => Promise<unknown>) {
  const gapMs = (viewers.length / CHAT_PER_S) * 1000;
  if (gapMs < CHAT_MIN_GAP_MS) throw new Error(`--chat ${CHAT_PER_S} needs at least ${CHAT_PER_S * 3} viewers`);
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    viewers.map(async (v, i) => {
      await sleep((i / viewers.length) * gapMs);
      while (Date.now() < end) {
        await send(v, `压测消息 ${Date.now()}`);
        await sleep(gapMs * (0.9 + Math.random() * 0.2));
      }
    }),
  );
}

/**
 * A realtime subscriber: takes a ticket, holds the stream, counts the bench's chat lines and their
 * lag. It shares the cores with the server, so by default it reads the raw bytes (node:http, the
 * marks found in the Buffer, nothing decoded but the 13 digits of each line's send time);
 * `--subscriber fetch` reads as before through fetch's web stream and a TextDecoderStream.
 */
async function subscribe(base: string, v: Viewer, liveId: string, seen: { n: number; lags: number[] }) {
  const res = await fetch(`${base}${realtimeTicket.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: v.token },
    body: JSON.stringify({ topics: [liveTopic(liveId)] }),
  });
  const { data } = (await res.json()) as { data: { ticket: string } | null };
  if (!data) throw new Error('no ticket');
  const url = `${base}${REALTIME_STREAM_PATH}?ticket=${encodeURIComponent(data.ticket)}`;
  return args.subscriber === 'fetch' ? subscribeFetch(url, seen) : subscribeRaw(url, seen);
}

const MARK = '压测消息 ';
const MARK_BYTES = Buffer.from(MARK);

function subscribeRaw(url: string, seen: { n: number; lags: number[] }): Promise<() => Promise<void>> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
      const ended = new Promise<void>((r) => res.once('close', () => r()));
      let rest: Buffer | null = null;
      res.on('data', (chunk: Buffer) => {
        const buf: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
        const cut = buf.lastIndexOf('\n\n');
        if (cut < 0) {
          rest = buf;
          return;
        }
        rest = cut + 2 < buf.length ? Buffer.from(buf.subarray(cut + 2)) : null;
        const now = Date.now();
        for (let at = buf.indexOf(MARK_BYTES); at >= 0 && at < cut; at = buf.indexOf(MARK_BYTES, at + 1)) {
          const from = at + MARK_BYTES.length;
          seen.n++;
          seen.lags.push(now - Number(buf.toString('latin1', from, from + 13)));
        }
      });
      resolve(() => {
        req.destroy();
        return ended;
      });
    });
    req.on('error', reject);
  });
}

async function subscribeFetch(url: string, seen: { n: number; lags: number[] }) {
  const abort = new AbortController();
  const stream = await fetch(url, { signal: abort.signal });
  if (!stream.ok || !stream.body) throw new Error(`stream refused: ${stream.status}`);
  const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
  const pump = (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        const cut = buf.lastIndexOf('\n\n');
        if (cut < 0) continue;
        const chunk = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const now = Date.now();
        for (let at = chunk.indexOf(MARK); at >= 0; at = chunk.indexOf(MARK, at + 1)) {
          seen.n++;
          seen.lags.push(now - Number(chunk.slice(at + MARK.length, at + MARK.length + 13)));
        }
      }
    } catch {}
  })();
  return () => {
    abort.abort();
    return pump;
  };
}

async function serverPhase(
  bench: BenchDatabase,
  name: string,
  liveId: string,
  viewers: Viewer[],
  opts: { entry?: string; chat: boolean },
) {
  const port = 19000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const server = await startBuiltServer(port, serverEnv(bench), undefined, opts.entry);
  const loadBefore = loadAverage();
  const cpu = cpuMeter(server.pid);
  const beats = new Recorder();
  const chats = new Recorder();
  const seen = { n: 0, lags: [] as number[] };
  let stops: (() => Promise<void>)[] = [];
  try {
    if (opts.chat)
      stops = await Promise.all(viewers.slice(0, SUBSCRIBERS).map((v) => subscribe(base, v, liveId, seen)));
    const beat = (v: Viewer) =>
      beats.call(`${base}${liveLearnBeat.path}`, { token: v.token }, { liveId, playing: true, visible: true });
    const send = (v: Viewer, content: string) =>
      chats.call(`${base}${liveChatSend.path}`, { token: v.token }, { liveId, content });
    const started = Date.now();
    await Promise.all([heartbeats(viewers, beat), opts.chat ? chatter(viewers, send) : null]);
    const seconds = (Date.now() - started) / 1000;
    await sleep(2000); // the last lines on their way
    await Promise.all(stops.map((s) => s()));
    const sentOk = chats.samples.filter((s) => s.ok).length;
    const lags = seen.lags.sort((a, b) => a - b);
    return {
      phase: name,
      seconds: +seconds.toFixed(1),
      heartbeat: { ...beats.report(), perSecond: +(beats.samples.length / seconds).toFixed(1) },
      ...(opts.chat
        ? {
            chat: { ...chats.report(), perSecond: +(chats.samples.length / seconds).toFixed(1) },
            realtime: {
              subscribers: stops.length,
              expected: sentOk * stops.length,
              delivered: seen.n,
              lagP50: lags[Math.floor(lags.length * 0.5)] ?? null,
              lagP99: lags[Math.min(lags.length - 1, Math.floor(lags.length * 0.99))] ?? null,
            },
          }
        : {}),
      cpuSeconds: cpu(),
      loadBefore,
      loadAfter: loadAverage(),
    };
  } finally {
    await stop(server);
  }
}

/** CPU seconds since now of the server and of this load generator (which shares the cores). */
function cpuMeter(pid: number | undefined) {
  const server0 = processCpuSeconds(pid) ?? 0;
  const self0 = process.cpuUsage();
  return () => {
    const self = process.cpuUsage(self0);
    return {
      server: +((processCpuSeconds(pid) ?? 0) - server0).toFixed(1),
      loadGenerator: +((self.user + self.system) / 1e6).toFixed(1),
    };
  };
}

async function rawPhase(bench: BenchDatabase, liveId: string, viewers: Viewer[]) {
  const port = 19000 + Math.floor(Math.random() * 1000);
  const server = await startRaw(bench, port);
  const loadBefore = loadAverage();
  const beats = new Recorder();
  try {
    const started = Date.now();
    await heartbeats(viewers, (v) => beats.call(`http://127.0.0.1:${port}/beat`, {}, { liveId, userId: v.userId }));
    const seconds = (Date.now() - started) / 1000;
    return {
      phase: 'raw',
      seconds: +seconds.toFixed(1),
      heartbeat: { ...beats.report(), perSecond: +(beats.samples.length / seconds).toFixed(1) },
      loadBefore,
      loadAfter: loadAverage(),
    };
  } finally {
    await stop(server);
  }
}

const startLoad = loadAverage();
const { bench, viewers, roomOf } = await setup();
const results: unknown[] = [];
try {
  const before = args.before ? path.resolve(args.before) : undefined;
  for (const [i, phase] of PHASES.entries()) {
    const room = roomOf[i];
    if (phase === 'raw') results.push(await rawPhase(bench, room, viewers));
    else if (phase === 'heartbeat' || phase === 'mixed')
      results.push(await serverPhase(bench, phase, room, viewers, { chat: phase === 'mixed' }));
    else if ((phase === 'before' || phase === 'mixed-before') && before)
      results.push(await serverPhase(bench, phase, room, viewers, { entry: before, chat: phase === 'mixed-before' }));
    console.error(JSON.stringify(results.at(-1)));
  }
  const report = {
    viewers: VIEWERS,
    seconds: SECONDS,
    chatPerSecond: CHAT_PER_S,
    subscribers: SUBSCRIBERS,
    ...machine(),
    loadAverageStart: startLoad,
    loadAverageEnd: loadAverage(),
    phases: results,
  };
  writeReport('live', report);
  console.log(JSON.stringify(report, null, 2));
} finally {
  await bench.remove();
}
