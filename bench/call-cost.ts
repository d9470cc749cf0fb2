/**
 * What each exam-day call costs the server in CPU, away from saturation: N learners go through the
 * five calls (start, paper read, claim, saves, hand-in) one phase at a time, a few at once, and the
 * server's CPU (user + system, /proc) is read before and after each phase. The same run against
 * bench/min-exam-server.ts (`--minimal`) gives the floor; their ratio per call says where the
 * product's CPU per request goes, which a profile under load cannot (at saturation the sampler
 * charges the time the server waits for a core to whatever it was in, mostly `writev`).
 * After the hand-in the server is left alone for `--settle-s` seconds: the events' deliveries
 * (records, wrong-answer book, statistics) are charged to that line, not to the hand-in.
 *
 *   npx tsx bench/call-cost.ts --learners 600 [--minimal] [--server other/dist/main.js] [--reads 10]
 */
import { parseArgs } from 'node:util';
import { createRuleExam, post, seedBankAndLearners } from './exam-kit.js';
import {
  createBenchDatabase,
  loadAverage,
  machine,
  processCpuSeconds,
  processTree,
  replaceWithMinimal,
  serverEnv,
  startBuiltServer,
  writeReport,
} from './setup.js';

const { values: args } = parseArgs({
  options: {
    learners: { type: 'string', default: '600' },
    questions: { type: 'string', default: '50' },
    saves: { type: 'string', default: '10' },
    /** Paper reads per learner (more makes a profile of the read, BENCH_NODE_ARGS="--cpu-prof ..."). */
    reads: { type: 'string', default: '1' },
    'at-once': { type: 'string', default: '8' },
    'settle-s': { type: 'string', default: '10' },
    minimal: { type: 'boolean', default: false },
    server: { type: 'string' },
  },
});
const LEARNERS = Number(args.learners);
const QUESTIONS = Number(args.questions);
const SAVES = Math.min(Number(args.saves), QUESTIONS);
const READS = Math.max(1, Number(args.reads));
const AT_ONCE = Number(args['at-once']);
const PORT = 18000 + Math.floor(Math.random() * 900);
const BASE = `http://127.0.0.1:${PORT}`;

const bench = await createBenchDatabase('pg', 'call-cost');
const { repoId, tokens } = await seedBankAndLearners(bench, QUESTIONS + 10, LEARNERS);
let server = await startBuiltServer(PORT, serverEnv(bench), undefined, args.server);
const examId = await createRuleExam(BASE, repoId, QUESTIONS, {});
if (args.minimal) server = await replaceWithMinimal(server, PORT, serverEnv(bench));
const pids = processTree(server.pid);
const cpu = () => pids.reduce((sum, pid) => sum + (processCpuSeconds(pid) ?? 0), 0);

interface Learner {
  token: string;
  paperId: string;
  questions: { quId: string; options: { key: string }[] }[];
  windowId: string;
}
const learners: Learner[] = tokens.map((token) => ({ token, paperId: '', questions: [], windowId: '' }));
let failures = 0;

/** Runs `call` for every learner, AT_ONCE at a time; answers the phase's CPU ms per call and wall ms per call. */
async function phase(name: string, calls: number, call: (l: Learner) => Promise<unknown>) {
  const before = cpu();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < learners.length) await call(learners[next++]);
    }),
  );
  const wallMs = performance.now() - started;
  const cpuMs = (cpu() - before) * 1000;
  return { name, calls, cpuMsPerCall: +(cpuMs / calls).toFixed(3), wallMsPerCall: +(wallMs / calls).toFixed(3) };
}

async function ok<T>(url: string, body: unknown, token: string) {
  const res = await post<T>(BASE, url, body, token);
  if (res.code !== 0) failures++;
  return res;
}

const phases = [];
phases.push(
  await phase('start', LEARNERS, async (l) => {
    const res = await ok<{ paperId: string }>('/api/paper/paper/create', { examId }, l.token);
    l.paperId = res.data?.paperId ?? '';
    l.windowId = `cost-${l.paperId}`;
  }),
);
phases.push(
  await phase('paper read', LEARNERS * READS, async (l) => {
    for (let i = 0; i < READS; i++) {
      const res = await ok<{ questions: Learner['questions'] }>(
        '/api/paper/paper/detail',
        { paperId: l.paperId },
        l.token,
      );
      l.questions = res.data?.questions ?? [];
    }
  }),
);
phases.push(
  await phase('claim', LEARNERS, (l) =>
    ok('/api/paper/paper/claim', { paperId: l.paperId, windowId: l.windowId }, l.token),
  ),
);
phases.push(
  await phase('save', LEARNERS * SAVES, async (l) => {
    for (let i = 0; i < SAVES; i++) {
      const qu = l.questions[i];
      await ok(
        '/api/paper/paper/fill-answer',
        { paperId: l.paperId, quId: qu.quId, answer: qu.options[0].key, seq: i + 1, windowId: l.windowId },
        l.token,
      );
    }
  }),
);
phases.push(await phase('hand-in', LEARNERS, (l) => ok('/api/paper/paper/hand', { paperId: l.paperId }, l.token)));
const settleBefore = cpu();
await new Promise((r) => setTimeout(r, Number(args['settle-s']) * 1000));
const settleMs = (cpu() - settleBefore) * 1000;
phases.push({
  name: 'after the hand-in (events)',
  calls: LEARNERS,
  cpuMsPerCall: +(settleMs / LEARNERS).toFixed(3),
  wallMsPerCall: 0,
});

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', () => r(null)));
await bench.remove();
const report = {
  date: new Date().toISOString(),
  machine: machine(),
  load: loadAverage(),
  server: args.minimal ? 'minimal' : (args.server ?? 'apps/server/dist/main.js'),
  learners: LEARNERS,
  savesPerLearner: SAVES,
  atOnce: AT_ONCE,
  failures,
  phases,
};
writeReport(`call-cost-${args.minimal ? 'minimal' : 'product'}`, report);
console.log(JSON.stringify(report, null, 2));
process.exit(0);
