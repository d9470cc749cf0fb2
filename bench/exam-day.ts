/**
 * Exam-day load: N simulated learners each start a 50-question rule paper, save an answer every
 * few seconds and hand in. Reports fill-answer throughput, p50/p99 latency and errors, then checks
 * that every acknowledged answer is stored.
 *
 *   npx tsx bench/exam-day.ts --learners 200 --db pglite
 *   npx tsx bench/exam-day.ts --learners 1000 --db pg     (BENCH_DATABASE_URL, default local test server)
 *   npx tsx bench/exam-day.ts --learners 1000 --db pg --cluster --kill-after-ms 60000 --abandon 0.05
 *
 * `--minimal`: the same load against bench/min-exam-server.ts (PostgreSQL only), the baseline: the
 * product creates the exam, then stops, and the minimal server answers the five calls on the same
 * database. Run it and the product one after the other in the same session (A B A B).
 *
 * `--cluster`: two instances behind nginx with Redis (bench/cluster.ts); `--kill-after-ms` sends
 * one of them kill -9 that long after the first learner starts; `--abandon` is the share of
 * learners who never hand in: their papers' deadlines are then moved into the past and the
 * instances' sweeps must hand each in (the report counts what is left).
 *
 * `--snapshot-every-s N` (PostgreSQL only): the exam is proctored (mode 2, 身份核验 + 随机抓拍, every N
 * s) and each learner, beside its saves, consents to the notice, opens the room's proctoring and
 * uploads a camera snapshot (a ~19 KB JPEG of a face sample, findings {faces: 1}) every N seconds
 * from its claim to its hand-in. The identity check at the door is not part of this load (it is
 * the face engine's, measured by bench/face-threshold.ts): the door rows are written passed straight
 * into the database after the exam is created. The report adds the uploads' rate and latency, the
 * consent and room calls, and the stored bytes per learner per hour.
 *
 * Setup writes learners and their tokens straight into the database (signing 5,000 people in through
 * argon2 would measure the password hash, not exam day), then starts the built server on it.
 */

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { elPaper, elPaperQu, elProctorDoor, elProctorSnapshot, sysUser } from '../apps/server/src/db/schema/index.js';
import { sampleFace } from '../apps/server/src/modules/system/face/face-samples.js';
import { type BenchCluster, startCluster } from './cluster.js';
import { createRuleExam, post, seedBankAndLearners } from './exam-kit.js';
import {
  type BenchDatabase,
  createBenchDatabase,
  dbKind,
  loadAverage,
  machine,
  processCpuSeconds,
  processPeakRssMb,
  processRssMb,
  processTree,
  replaceWithMinimal,
  serverEnv,
  startBuiltServer,
  writeReport,
} from './setup.js';

const { values: args } = parseArgs({
  options: {
    learners: { type: 'string', default: '200' },
    db: { type: 'string', default: 'pglite' },
    questions: { type: 'string', default: '50' },
    'interval-ms': { type: 'string', default: '3000' },
    'ramp-ms': { type: 'string', default: '20000' },
    cluster: { type: 'boolean', default: false },
    minimal: { type: 'boolean', default: false },
    'kill-after-ms': { type: 'string' },
    abandon: { type: 'string', default: '0' },
    /** Another build's main.js (a worktree of an older commit) for a before/after run. */
    server: { type: 'string' },
    /** Pins the (single) server to these CPUs (taskset -c); run the bench itself under taskset too. */
    'server-cpus': { type: 'string' },
    /** A proctored exam (mode 2): every learner uploads a snapshot this often, seconds (≥ 10). */
    'snapshot-every-s': { type: 'string' },
  },
});
const LEARNERS = Number(args.learners);
const QUESTIONS = Number(args.questions);
const INTERVAL_MS = Number(args['interval-ms']);
const RAMP_MS = Number(args['ramp-ms']);
const KIND = dbKind(args.db);
const CLUSTER = args.cluster === true;
const KILL_AFTER_MS = args['kill-after-ms'] ? Number(args['kill-after-ms']) : null;
const ABANDON_EVERY = Number(args.abandon) > 0 ? Math.round(1 / Number(args.abandon)) : 0;
if (CLUSTER && KIND !== 'pg') throw new Error('--cluster needs --db pg');
const MINIMAL = args.minimal === true;
if (MINIMAL && (KIND !== 'pg' || CLUSTER)) throw new Error('--minimal needs --db pg, without --cluster');
const SNAPSHOT_EVERY_S = args['snapshot-every-s'] ? Number(args['snapshot-every-s']) : null;
if (SNAPSHOT_EVERY_S !== null && !(SNAPSHOT_EVERY_S >= 10)) throw new Error('--snapshot-every-s must be at least 10');
if (SNAPSHOT_EVERY_S !== null && (KIND !== 'pg' || MINIMAL))
  throw new Error(
    '--snapshot-every-s needs --db pg (the door rows are written while the server runs), without --minimal',
  );
/** The snapshot every learner uploads: a face sample, 280 px, about 19 KB (a room's is 10-30 KB). */
const SNAPSHOT = `data:image/jpeg;base64,${sampleFace(0, 0, { size: 240, pad: 20, quality: 90 }).toString('base64')}`;
const PORT = 18000 + Math.floor(Math.random() * 900);
const BASE = `http://127.0.0.1:${PORT}`;

interface Sample {
  ms: number;
  ok: boolean;
  /** When the answer came (performance.now()), for the report's timeline. */
  end: number;
}
const samples: Record<string, Sample[]> = {
  create: [],
  detail: [],
  claim: [],
  fill: [],
  hand: [],
  consent: [],
  room: [],
  snapshot: [],
};
const acked = new Map<string, string>();
const errors: string[] = [];
/**
 * Each call the transport failed: when it was sent (s into the run) and how long it waited. A socket
 * the server closes while the call waits for its answer (an idle or request timeout) fails after
 * the timeout; one it closes as the call is sent (a keep-alive connection both ends thought theirs)
 * fails at once.
 */
const transportFailures: { kind: string; sentS: number; waitedMs: number; cause: string }[] = [];
let runStart = 0;

const call = <T>(url: string, body: unknown, token?: string) => post<T>(BASE, url, body, token);

async function timed<T>(kind: string, url: string, body: unknown, token: string) {
  const started = performance.now();
  try {
    const res = await call<T>(url, body, token);
    const end = performance.now();
    samples[kind].push({ ms: end - started, ok: res.code === 0, end });
    if (res.code !== 0) errors.push(`${kind}: ${res.code} ${res.msg}`);
    return res;
  } catch (err) {
    const end = performance.now();
    samples[kind].push({ ms: end - started, ok: false, end });
    // fetch hides the transport reason (refused, reset, timed out) in `cause`.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    errors.push(`${kind}: ${(err as Error).message} ${cause?.code ?? cause?.message ?? ''}`.trim());
    transportFailures.push({
      kind,
      sentS: Math.round((started - runStart) / 1000),
      waitedMs: Math.round(end - started),
      cause: cause?.code ?? cause?.message ?? (err as Error).message,
    });
    return null;
  }
}

async function setupDatabase(): Promise<{ bench: BenchDatabase; tokens: string[] }> {
  const bench = await createBenchDatabase(KIND, 'exam-bench');
  const { repoId, tokens } = await seedBankAndLearners(bench, QUESTIONS + 10, LEARNERS);
  process.env.BENCH_REPO_ID = repoId;
  return { bench, tokens };
}

const createExam = () =>
  createRuleExam(
    BASE,
    process.env.BENCH_REPO_ID as string,
    QUESTIONS,
    SNAPSHOT_EVERY_S === null
      ? {}
      : { proctor: { mode: 2, snapMinSeconds: SNAPSHOT_EVERY_S, snapMaxSeconds: SNAPSHOT_EVERY_S } },
  );

/** The door of every bench learner, passed (as after an identity check), written straight into the database. */
async function openDoors(bench: BenchDatabase, examId: string): Promise<void> {
  const database = await bench.open();
  const users = await database.db.select({ id: sysUser.id }).from(sysUser).where(like(sysUser.userName, 'bench%'));
  for (let i = 0; i < users.length; i += 1000)
    await database.db
      .insert(elProctorDoor)
      .values(users.slice(i, i + 1000).map((u) => ({ examId, userId: u.id, passedAt: new Date(), similarity: 0.9 })));
  await database.close();
}

/** The learner's consent to the notice, as the check page gives it before the start. */
async function consent(token: string, examId: string): Promise<boolean> {
  const notice = await timed<{ version: string }>('consent', '/api/exam/proctor/notice', { examId }, token);
  if (notice?.code !== 0) return false;
  const agreed = await timed(
    'consent',
    '/api/exam/proctor/consent',
    { examId, version: notice.data.version, agree: true },
    token,
  );
  return agreed?.code === 0;
}

/** Uploads a snapshot every SNAPSHOT_EVERY_S seconds until `done` says the learner handed in. */
async function snapshots(token: string, paperId: string, done: () => boolean): Promise<void> {
  const every = (SNAPSHOT_EVERY_S as number) * 1000;
  // the first one at a random point of the interval: the learners do not upload in step
  await new Promise((r) => setTimeout(r, Math.random() * every));
  while (!done()) {
    await timed(
      'snapshot',
      '/api/exam/proctor/snapshot',
      { paperId, reason: 'random', image: SNAPSHOT, findings: { faces: 1 }, takenAt: new Date().toISOString() },
      token,
    );
    await new Promise((r) => setTimeout(r, every));
  }
}

async function learner(token: string, examId: string, delayMs: number, handIn: boolean): Promise<void> {
  await new Promise((r) => setTimeout(r, delayMs));
  if (SNAPSHOT_EVERY_S !== null && !(await consent(token, examId))) return;
  const created = await timed<{ paperId: string }>('create', '/api/paper/paper/create', { examId }, token);
  if (created?.code !== 0) return;
  const paperId = created.data.paperId;
  const detail = await timed<{ questions: { quId: string; options: { key: string }[] }[] }>(
    'detail',
    '/api/paper/paper/detail',
    { paperId },
    token,
  );
  if (detail?.code !== 0) return;
  // The room claims its answering window before the first save (a save without one is refused).
  const windowId = `bench-${paperId}`;
  const claimed = await timed('claim', '/api/paper/paper/claim', { paperId, windowId }, token);
  if (claimed?.code !== 0) return;
  let finished = false;
  let uploads: Promise<void> = Promise.resolve();
  if (SNAPSHOT_EVERY_S !== null) {
    const room = await timed('room', '/api/exam/proctor/room', { paperId }, token);
    if (room?.code === 0) uploads = snapshots(token, paperId, () => finished);
  }
  let seq = 0;
  for (const qu of detail.data.questions) {
    await new Promise((r) => setTimeout(r, INTERVAL_MS * (0.5 + Math.random())));
    const answer = qu.options[Math.floor(Math.random() * qu.options.length)].key;
    seq += 1;
    const res = await timed<{ accepted: boolean }>(
      'fill',
      '/api/paper/paper/fill-answer',
      { paperId, quId: qu.quId, answer, seq, windowId },
      token,
    );
    if (res?.code === 0 && res.data.accepted) acked.set(`${paperId}:${qu.quId}`, JSON.stringify(answer));
  }
  if (handIn) await timed('hand', '/api/paper/paper/hand', { paperId }, token);
  finished = true;
  await uploads;
}

/** Snapshots stored (rows) and their bytes; the blobs' bytes on disk under the data folder's storage. */
async function snapshotStorage(bench: BenchDatabase) {
  const database = await bench.open();
  const [row] = await database.db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${elProctorSnapshot.bytes}), 0)::bigint`,
    })
    .from(elProctorSnapshot);
  await database.close();
  const du = (dir: string): number =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => {
          const p = path.join(dir, e.name);
          return n + (e.isDirectory() ? du(p) : fs.statSync(p).size);
        }, 0)
      : 0;
  // every file of the data folder but the database's (PGlite's pgdata/): the blobs the run wrote
  const files = fs.existsSync(bench.dataDir)
    ? fs
        .readdirSync(bench.dataDir, { withFileTypes: true })
        .filter((e) => e.name !== 'pgdata')
        .reduce((n, e) => n + (e.isDirectory() ? du(path.join(bench.dataDir, e.name)) : 0), 0)
    : 0;
  return { rows: Number(row.count), rowBytes: Number(row.bytes), dataDirBytes: files };
}

function stats(list: Sample[]) {
  const ms = list.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] : 0);
  return {
    count: list.length,
    errors: list.filter((s) => !s.ok).length,
    p50: +at(50).toFixed(1),
    p99: +at(99).toFixed(1),
    max: +at(100).toFixed(1),
  };
}

/** The transport failures by kind and cause: how many, how long they had waited, when they were sent. */
function failureSummary() {
  const groups = new Map<string, typeof transportFailures>();
  for (const f of transportFailures) {
    const key = `${f.kind}: ${f.cause}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.entries()].map(([key, list]) => {
    const waited = list.map((f) => f.waitedMs).sort((a, b) => a - b);
    const sent = list.map((f) => f.sentS).sort((a, b) => a - b);
    return {
      key,
      count: list.length,
      waitedMs: { min: waited[0], p50: waited[Math.floor(waited.length / 2)], max: waited[waited.length - 1] },
      sentS: { first: sent[0], last: sent[sent.length - 1] },
    };
  });
}

/**
 * The run in 10-second windows by when the answers came: the saves' p99 and slowest beside the starts
 * and hand-ins answered in the same window, so a tail can be put on its phase (the start rush, the
 * hand-ins, or neither).
 */
function timeline(from: number) {
  const windows = new Map<number, { fills: number[]; starts: number; hands: number }>();
  const windowOf = (s: Sample) => {
    const w = Math.floor((s.end - from) / 10_000) * 10;
    const entry = windows.get(w) ?? { fills: [], starts: 0, hands: 0 };
    windows.set(w, entry);
    return entry;
  };
  for (const s of samples.fill) windowOf(s).fills.push(s.ms);
  for (const s of samples.create) windowOf(s).starts += 1;
  for (const s of samples.hand) windowOf(s).hands += 1;
  return [...windows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, w]) => {
      const ms = w.fills.sort((a, b) => a - b);
      const at = (p: number) => (ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]) : 0);
      const used = resources.get(s);
      return {
        s,
        fills: ms.length,
        fillP99: at(0.99),
        fillMax: at(1),
        starts: w.starts,
        hands: w.hands,
        cpuS: used?.cpuS ?? null,
        rssMb: used?.rssMb ?? null,
      };
    });
}

async function verify(bench: BenchDatabase): Promise<number> {
  const database = await bench.open();
  const byPaper = new Map<string, Map<string, string>>();
  for (const [key, answer] of acked) {
    const [paperId, quId] = key.split(':');
    const answers = byPaper.get(paperId) ?? new Map<string, string>();
    answers.set(quId, answer);
    byPaper.set(paperId, answers);
  }
  // A thousand papers a statement: one statement per answer took minutes at 500,000 answers.
  let lost = 0;
  const paperIds = [...byPaper.keys()];
  for (let i = 0; i < paperIds.length; i += 1000) {
    const rows = await database.db
      .select({ paperId: elPaperQu.paperId, quId: elPaperQu.quId, answer: elPaperQu.answer })
      .from(elPaperQu)
      .where(inArray(elPaperQu.paperId, paperIds.slice(i, i + 1000)));
    const stored = new Map(rows.map((r) => [`${r.paperId}:${r.quId}`, JSON.stringify(r.answer)]));
    for (const paperId of paperIds.slice(i, i + 1000))
      for (const [quId, answer] of byPaper.get(paperId) ?? [])
        if (stored.get(`${paperId}:${quId}`) !== answer) lost += 1;
  }
  await database.close();
  return lost;
}

/**
 * After the load: moves the deadlines of the papers still open into the past and waits (up to 90 s)
 * for the instances' sweeps to hand them in and for every event to be delivered; answers what is left.
 */
async function sweepCheck(bench: BenchDatabase) {
  const database = await bench.open();
  const count = async (q: ReturnType<typeof sql>) => (await database.db.execute<{ n: number }>(q)).rows[0].n;
  const open = sql`select count(*)::int as n from el_paper where state = 0`;
  const abandoned = await count(open);
  await database.db
    .update(elPaper)
    .set({ deadline: new Date(Date.now() - 1000) })
    .where(eq(elPaper.state, 0));
  const started = Date.now();
  for (let i = 0; i < 180 && (await count(open)) > 0; i++) await new Promise((r) => setTimeout(r, 500));
  const sweptMs = Date.now() - started;
  const pending = sql`select count(*)::int as n from sys_event_delivery`;
  for (let i = 0; i < 120 && (await count(pending)) > 0; i++) await new Promise((r) => setTimeout(r, 500));
  const result = {
    abandoned,
    leftOpen: await count(open),
    sweptMs,
    undeliveredEvents: await count(pending),
    parkedEvents: await count(sql`select count(*)::int as n from sys_event_delivery where parked_at is not null`),
    // Every paper ended handed in; recordsNotOne: a learner holding more than one paper (a start repeated).
    papers: await count(sql`select count(*)::int as n from el_paper`),
    handedIn: await count(sql`select count(*)::int as n from el_paper where state <> 0 and hand_time is not null`),
    recordsNotOne: await count(sql`select count(*)::int as n from el_user_exam where try_count <> 1`),
  };
  await database.close();
  return result;
}

const setup = await setupDatabase();
const loadBefore = loadAverage();
let server: { kill(signal: NodeJS.Signals): unknown; once(e: 'exit', f: () => void): unknown } | null = null;
let cluster: BenchCluster | null = null;
if (CLUSTER) {
  cluster = await startCluster(PORT, serverEnv(setup.bench));
  process.on('exit', () => {
    for (const i of cluster?.instances ?? []) i.kill('SIGKILL');
  });
} else {
  const single = await startBuiltServer(PORT, serverEnv(setup.bench), args['server-cpus'], args.server);
  server = single;
  process.on('exit', () => single.kill('SIGKILL'));
}
const examId = await createExam();
if (SNAPSHOT_EVERY_S !== null) await openDoors(setup.bench, examId);
if (MINIMAL && server) {
  const minimal = await replaceWithMinimal(server, PORT, serverEnv(setup.bench), args['server-cpus']);
  server = minimal;
  process.on('exit', () => minimal.kill('SIGKILL'));
}
const started = performance.now();
runStart = started;
// With WORKERS>1 in the environment the single server is a primary: its workers count too.
const pids = cluster ? cluster.instances.map((i) => i.pid) : processTree((server as { pid?: number } | null)?.pid);
const cpuOf = () => {
  const each = pids.map((pid) => processCpuSeconds(pid));
  return each.some((c) => c === null) ? null : (each as number[]).reduce((a, b) => a + b, 0);
};
const cpuBefore = cpuOf();
/** Every 10 s of the load: the server's CPU seconds in the window and its processes' resident MB at its end. */
const resources = new Map<number, { cpuS: number | null; rssMb: (number | null)[] }>();
let lastCpu = cpuBefore;
let windowsSampled = 0;
const sampler = setInterval(() => {
  // counted, not read off the clock: a late timer would put two samples in one window
  const s = windowsSampled++ * 10;
  const cpu = cpuOf();
  resources.set(s, {
    cpuS: cpu === null || lastCpu === null ? null : +(cpu - lastCpu).toFixed(1),
    rssMb: pids.map((pid) => processRssMb(pid)),
  });
  lastCpu = cpu;
}, 10_000);
let killedAtS: number | null = null;
const killTimer =
  cluster && KILL_AFTER_MS !== null
    ? setTimeout(() => {
        cluster?.instances[1].kill('SIGKILL');
        killedAtS = +((performance.now() - started) / 1000).toFixed(1);
        console.error(`kill -9 instance 2 at ${killedAtS} s`);
      }, KILL_AFTER_MS)
    : null;
await Promise.all(
  setup.tokens.map((t, i) => learner(t, examId, (i / LEARNERS) * RAMP_MS, !(ABANDON_EVERY && i % ABANDON_EVERY === 0))),
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
// With a killed instance its CPU is gone: null.
const cpuAfter = killedAtS === null ? cpuOf() : null;
const peakRssMb = pids.map((pid) => processPeakRssMb(pid));
if (killTimer) clearTimeout(killTimer);
const sweep = cluster ? await sweepCheck(setup.bench) : null;
const loadAfter = loadAverage();
if (cluster) await cluster.stop();
/** How long the server took to exit after SIGTERM (null: killed when it had not within the limit). */
let serverExitMs: number | null = null;
if (server) {
  const s = server;
  const exited = new Promise<void>((r) => s.once('exit', r));
  const termAt = performance.now();
  s.kill('SIGTERM');
  // A server still delivering a backlog of events at shutdown may take minutes (an older build's
  // per-event statistics did): the figures are taken, so it gets 30 s and then SIGKILL (3 min
  // when profiled: the profile is written at exit).
  const limitMs = (process.env.BENCH_NODE_ARGS ?? '').includes('prof') ? 180_000 : 30_000;
  let killed = false;
  const killer = setTimeout(() => {
    killed = true;
    console.error(`server still running ${limitMs / 1000} s after SIGTERM: killed`);
    s.kill('SIGKILL');
  }, limitMs);
  await exited;
  clearTimeout(killer);
  if (!killed) serverExitMs = Math.round(performance.now() - termAt);
}
const lost = await verify(setup.bench);
const storage = SNAPSHOT_EVERY_S === null ? null : await snapshotStorage(setup.bench);
await setup.bench.remove();

const fill = stats(samples.fill);
const report = {
  date: new Date().toISOString(),
  machine: machine(),
  load: { before: loadBefore, after: loadAfter },
  db: KIND,
  ...(CLUSTER ? { cluster: { instances: 2, killedAtS, sweep } } : {}),
  learners: LEARNERS,
  questions: QUESTIONS,
  intervalMs: INTERVAL_MS,
  seconds: +seconds.toFixed(1),
  fillPerSecond: +(fill.count / seconds).toFixed(1),
  fill,
  create: stats(samples.create),
  detail: stats(samples.detail),
  claim: stats(samples.claim),
  hand: stats(samples.hand),
  /** The server process's CPU during the load, and per request it answered (saves, starts, reads, hand-ins). */
  serverCpuSeconds: cpuBefore === null || cpuAfter === null ? null : +(cpuAfter - cpuBefore).toFixed(2),
  serverCpuMsPerRequest:
    cpuBefore === null || cpuAfter === null
      ? null
      : +(((cpuAfter - cpuBefore) * 1000) / Object.values(samples).reduce((n, s) => n + s.length, 0)).toFixed(3),
  ...(SNAPSHOT_EVERY_S === null || !storage
    ? {}
    : {
        proctor: {
          snapshotEveryS: SNAPSHOT_EVERY_S,
          snapshotBytes: Math.round(((SNAPSHOT.length - 23) * 3) / 4),
          snapshotsPerSecond: +(samples.snapshot.length / seconds).toFixed(1),
          snapshot: stats(samples.snapshot),
          consent: stats(samples.consent),
          room: stats(samples.room),
          /**
           * CPU per upload is not separable in one run (one process answers both): run the pair
           * without the option, same arguments; (CPU s with − CPU s without) × 1000 / uploads.
           */
          uploads: samples.snapshot.length,
          stored: storage,
          /** Stored bytes per learner per hour of the run (rows' bytes; blobs on disk beside). */
          bytesPerLearnerHour: Math.round(storage.rowBytes / LEARNERS / (seconds / 3600)),
          diskBytesPerLearnerHour: Math.round(storage.dataDirBytes / LEARNERS / (seconds / 3600)),
        },
      }),
  /** Each server process's peak resident memory (VmHWM) over the run, MB. */
  serverPeakRssMb: peakRssMb,
  timeline: timeline(started),
  serverExitMs,
  server: MINIMAL ? 'bench/min-exam-server.ts' : (args.server ?? 'apps/server/dist/main.js'),
  serverCpus: args['server-cpus'] ?? 'any',
  workers: process.env.WORKERS ?? '1',
  acknowledged: acked.size,
  lost,
  firstErrors: [...new Set(errors)].slice(0, 5),
  transportFailures: failureSummary(),
};
writeReport(
  `exam-day-${KIND}-${LEARNERS}${CLUSTER ? '-cluster' : ''}${MINIMAL ? '-minimal' : ''}${SNAPSHOT_EVERY_S ? `-snap${SNAPSHOT_EVERY_S}` : ''}`,
  report,
);
console.log(JSON.stringify(report, null, 2));
process.exit(0);
