/**
 * Exam-day load: N simulated learners each start a 50-question rule paper, save an answer every
 * few seconds and hand in. Reports fill-answer throughput, p50/p99 latency and errors, then checks
 * that every acknowledged answer is stored.
 *
 *   npx tsx bench/exam-day.ts --learners 200 --db pglite
 *   npx tsx bench/exam-day.ts --learners 1000 --db pg     (BENCH_DATABASE_URL, default local test server)
 *
 * Setup writes learners and their tokens straight into the database (signing 5,000 people in through
 * argon2 would measure the password hash, not exam day), then starts the built server on it.
 */
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { elPaperQu } from '../apps/server/src/db/schema/index.js';
import { createRuleExam, post, seedBankAndLearners } from './exam-kit.js';
import {
  type BenchDatabase,
  createBenchDatabase,
  dbKind,
  processCpuSeconds,
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
  },
});
const LEARNERS = Number(args.learners);
const QUESTIONS = Number(args.questions);
const INTERVAL_MS = Number(args['interval-ms']);
const RAMP_MS = Number(args['ramp-ms']);
const KIND = dbKind(args.db);
const PORT = 18000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}`;

interface Sample {
  ms: number;
  ok: boolean;
}
const samples: Record<string, Sample[]> = { create: [], detail: [], claim: [], fill: [], hand: [] };
const acked = new Map<string, string>();
const errors: string[] = [];

const call = <T>(url: string, body: unknown, token?: string) => post<T>(BASE, url, body, token);

async function timed<T>(kind: string, url: string, body: unknown, token: string) {
  const started = performance.now();
  try {
    const res = await call<T>(url, body, token);
    samples[kind].push({ ms: performance.now() - started, ok: res.code === 0 });
    if (res.code !== 0) errors.push(`${kind}: ${res.code} ${res.msg}`);
    return res;
  } catch (err) {
    samples[kind].push({ ms: performance.now() - started, ok: false });
    // fetch hides the transport reason (refused, reset, timed out) in `cause`.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    errors.push(`${kind}: ${(err as Error).message} ${cause?.code ?? cause?.message ?? ''}`.trim());
    return null;
  }
}

async function setupDatabase(): Promise<{ bench: BenchDatabase; tokens: string[] }> {
  const bench = await createBenchDatabase(KIND, 'exam-bench');
  const { repoId, tokens } = await seedBankAndLearners(bench, QUESTIONS + 10, LEARNERS);
  process.env.BENCH_REPO_ID = repoId;
  return { bench, tokens };
}

const createExam = () => createRuleExam(BASE, process.env.BENCH_REPO_ID as string, QUESTIONS);

async function learner(token: string, examId: string, delayMs: number): Promise<void> {
  await new Promise((r) => setTimeout(r, delayMs));
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
  await timed('hand', '/api/paper/paper/hand', { paperId }, token);
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

async function verify(bench: BenchDatabase): Promise<number> {
  const database = await bench.open();
  let lost = 0;
  for (const [key, answer] of acked) {
    const [paperId, quId] = key.split(':');
    const [row] = await database.db
      .select({ answer: elPaperQu.answer })
      .from(elPaperQu)
      .where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.quId, quId)));
    if (!row || JSON.stringify(row.answer) !== answer) lost += 1;
  }
  await database.close();
  return lost;
}

const setup = await setupDatabase();
const server = await startBuiltServer(PORT, serverEnv(setup.bench));
process.on('exit', () => server.kill('SIGKILL'));
const examId = await createExam();
const started = performance.now();
const cpuBefore = processCpuSeconds(server.pid);
await Promise.all(setup.tokens.map((t, i) => learner(t, examId, (i / LEARNERS) * RAMP_MS)));
const seconds = (performance.now() - started) / 1000;
const cpuAfter = processCpuSeconds(server.pid);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
const lost = await verify(setup.bench);
await setup.bench.remove();

const fill = stats(samples.fill);
const report = {
  date: new Date().toISOString(),
  db: KIND,
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
      : +(
          ((cpuAfter - cpuBefore) * 1000) /
          [samples.fill, samples.create, samples.detail, samples.claim, samples.hand].reduce((n, s) => n + s.length, 0)
        ).toFixed(3),
  acknowledged: acked.size,
  lost,
  firstErrors: [...new Set(errors)].slice(0, 5),
};
writeReport(`exam-day-${KIND}-${LEARNERS}`, report);
console.log(JSON.stringify(report, null, 2));
process.exit(0);
