/**
 * The answer save at saturation against its raw limit. A closed loop of `--clients`
 * (200) each sends its next save as soon as the last one is answered, over `--papers` (2,000) open
 * papers, in rounds that alternate between the product's save endpoint and the raw server
 * (bench/raw-save-server.ts: the token by its hash and one conditional UPDATE, nothing else) on the
 * same database. Per round: saves per second and the server process's CPU per save (from /proc);
 * at the end the two ratios real/raw, by throughput and by CPU per save.
 *
 *   taskset -c 0 npx tsx bench/save-saturation.ts [--papers 2000] [--clients 200] [--rounds 6] [--seconds 15]
 *
 * Both servers are pinned to the last core (`--server-cpus`, taskset), the load generator is
 * expected on the others (start it under `taskset -c 0` as above; the report prints the split).
 * PostgreSQL runs wherever the machine puts it: on 2 cores it shares them, as in production on one box.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRuleExam, post, seedBankAndLearners } from './exam-kit.js';
import {
  createBenchDatabase,
  loadAverage,
  machine,
  processCpuSeconds,
  root,
  serverEnv,
  startBuiltServer,
  writeReport,
} from './setup.js';

const { values: args } = parseArgs({
  options: {
    papers: { type: 'string', default: '2000' },
    clients: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '15' },
    questions: { type: 'string', default: '20' },
    'server-cpus': { type: 'string', default: String(os.cpus().length - 1) },
  },
});
const PAPERS = Number(args.papers);
const CLIENTS = Number(args.clients);
const ROUNDS = Number(args.rounds);
const ROUND_MS = Number(args.seconds) * 1000;
const QUESTIONS = Number(args.questions);
const SERVER_CPUS = String(args['server-cpus']);
const REAL_PORT = 18000 + Math.floor(Math.random() * 900);
const RAW_PORT = REAL_PORT + 1000;

interface OpenPaper {
  token: string;
  paperId: string;
  windowId: string;
  quIds: string[];
}

/** The CPUs a process may run on, as taskset prints them ("0", "1", "0,1"). */
const affinity = (pid: number | undefined): string => {
  try {
    return (
      execFileSync('taskset', ['-cp', String(pid)], { encoding: 'utf8' })
        .split(':')
        .pop()
        ?.trim() ?? '?'
    );
  } catch {
    return '?';
  }
};

async function startRawServer(databaseUrl: string): Promise<ChildProcess> {
  // taskset execs node in place: the pid, and so the CPU read from /proc, is the server's.
  const command = [process.execPath, '--import', 'tsx', path.join(root, 'bench/raw-save-server.ts')];
  const child = spawn('taskset', ['-c', SERVER_CPUS, ...command], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(RAW_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      await fetch(`http://127.0.0.1:${RAW_PORT}/`, { method: 'POST', body: '{}' });
      return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('raw server did not start');
}

/** Starts, reads and claims every learner's paper through the product, 50 at a time. */
async function openPapers(base: string, tokens: string[], examId: string): Promise<OpenPaper[]> {
  const open: OpenPaper[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const token = tokens[next++];
      const created = await post<{ paperId: string }>(base, '/api/paper/paper/create', { examId }, token);
      if (created.code !== 0) throw new Error(`create: ${created.msg}`);
      const { paperId } = created.data;
      const detail = await post<{ questions: { quId: string }[] }>(base, '/api/paper/paper/detail', { paperId }, token);
      const windowId = `sat-${paperId}`;
      await post(base, '/api/paper/paper/claim', { paperId, windowId }, token);
      open.push({ token, paperId, windowId, quIds: detail.data.questions.map((q) => q.quId) });
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return open;
}

let seq = 0;

/** One closed-loop round against `base`: saves answered, accepted and failed, and the server's CPU. */
async function round(base: string, server: ChildProcess, papers: OpenPaper[]) {
  let saves = 0;
  let refused = 0;
  let failed = 0;
  const stopAt = performance.now() + ROUND_MS;
  const cpuBefore = processCpuSeconds(server.pid);
  const started = performance.now();
  const client = async (c: number) => {
    for (let i = c; performance.now() < stopAt; i += CLIENTS) {
      const p = papers[i % papers.length];
      const quId = p.quIds[Math.floor(i / papers.length) % p.quIds.length];
      seq += 1;
      try {
        const res = await post<{ accepted: boolean }>(
          base,
          '/api/paper/paper/fill-answer',
          { paperId: p.paperId, quId, answer: 'ABCD'[seq % 4], seq, windowId: p.windowId },
          p.token,
        );
        if (res.code === 0 && res.data.accepted) saves += 1;
        else refused += 1;
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const seconds = (performance.now() - started) / 1000;
  const cpu = (processCpuSeconds(server.pid) ?? 0) - (cpuBefore ?? 0);
  return {
    savesPerSecond: +(saves / seconds).toFixed(1),
    cpuMsPerSave: saves ? +((cpu * 1000) / saves).toFixed(3) : null,
    saves,
    refused,
    failed,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};

const loadBefore = loadAverage();
const bench = await createBenchDatabase('pg', 'sat-bench');
if (!bench.databaseUrl) throw new Error('save-saturation runs on PostgreSQL only');
const { repoId, tokens } = await seedBankAndLearners(bench, QUESTIONS + 5, PAPERS);
const real = await startBuiltServer(REAL_PORT, serverEnv(bench), SERVER_CPUS);
const raw = await startRawServer(bench.databaseUrl);
process.on('exit', () => {
  real.kill('SIGKILL');
  raw.kill('SIGKILL');
});
const cores = { servers: affinity(real.pid), raw: affinity(raw.pid), loadGenerator: affinity(process.pid) };
const realBase = `http://127.0.0.1:${REAL_PORT}`;
const rawBase = `http://127.0.0.1:${RAW_PORT}`;
const examId = await createRuleExam(realBase, repoId, QUESTIONS);
const papers = await openPapers(realBase, tokens, examId);

const rounds: { server: 'real' | 'raw'; result: Awaited<ReturnType<typeof round>> }[] = [];
// A warm-up of each, not counted: the first statements plan and the pools fill.
await round(realBase, real, papers);
await round(rawBase, raw, papers);
for (let r = 0; r < ROUNDS; r++) {
  const which = r % 2 === 0 ? 'real' : 'raw';
  const result = which === 'real' ? await round(realBase, real, papers) : await round(rawBase, raw, papers);
  rounds.push({ server: which, result });
  console.error(`${which}: ${JSON.stringify(result)}`);
}
real.kill('SIGTERM');
raw.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
await bench.remove();

const of = (server: 'real' | 'raw') => rounds.filter((r) => r.server === server).map((r) => r.result);
const realRate = median(of('real').map((r) => r.savesPerSecond));
const rawRate = median(of('raw').map((r) => r.savesPerSecond));
const realCpu = median(of('real').map((r) => r.cpuMsPerSave ?? 0));
const rawCpu = median(of('raw').map((r) => r.cpuMsPerSave ?? 0));
const report = {
  date: new Date().toISOString(),
  machine: machine(),
  load: { before: loadBefore, after: loadAverage() },
  cores,
  papers: PAPERS,
  clients: CLIENTS,
  roundSeconds: ROUND_MS / 1000,
  rounds,
  median: {
    realSavesPerSecond: realRate,
    rawSavesPerSecond: rawRate,
    realCpuMsPerSave: realCpu,
    rawCpuMsPerSave: rawCpu,
  },
  // The target: both at least 0.6.
  ratio: {
    throughput: rawRate ? +(realRate / rawRate).toFixed(2) : null,
    cpuPerSave: realCpu ? +(rawCpu / realCpu).toFixed(2) : null,
  },
};
writeReport('save-saturation', report);
console.log(JSON.stringify(report, null, 2));
process.exit(0);
