/**
 * Candidates registering through an exam's link: `--candidates` people (default 2,000) arriving
 * evenly over `--over-ms` (default 60 s, an open loop: each arrives on schedule whatever the
 * server's answers), each from an address of its own (X-Forwarded-For behind TRUST_PROXY=1, as
 * phones behind nginx), against the product's registration endpoint, then against the raw baseline
 * (bench/raw-candidate-server.ts: the same rows, nothing else) on the same database, in the same
 * run. Reports p50/p99/max and errors of both, and checks that the candidates the servers
 * acknowledged are the rows the database holds.
 *
 *   npm run build -w @exam/server
 *   npx tsx bench/candidate-register.ts --db pglite
 *   npx tsx bench/candidate-register.ts --db pg        # BENCH_DATABASE_URL, default the local test server
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { candidateLinkDetail, candidateLinkSave, candidateOpenRegister } from '@exam/contracts';
import { sql } from 'drizzle-orm';
import { createRuleExam, post, seedBankAndLearners } from './exam-kit.js';
import {
  createBenchDatabase,
  dbKind,
  loadAverage,
  machine,
  percentiles,
  root,
  type Sample,
  serverEnv,
  startBuiltServer,
  writeReport,
} from './setup.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    candidates: { type: 'string', default: '2000' },
    'over-ms': { type: 'string', default: '60000' },
    port: { type: 'string', default: '8295' },
  },
});
const kind = dbKind(args.db);
const N = Number(args.candidates);
const OVER = Number(args['over-ms']);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;

const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const mobileOf = (i: number, run: number) => `1${run}${String(i).padStart(9, '0')}`;

/** Sends N registrations on schedule; answers their samples and the wall time to the last answer. */
async function load(url: string, linkToken: string, run: number) {
  const started = performance.now();
  const samples: Sample[] = [];
  const errors = new Map<string, number>();
  await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i * OVER) / N));
      const t0 = performance.now();
      let ok = false;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i + 1) },
          body: JSON.stringify({ token: linkToken, name: `考生${i}`, mobile: mobileOf(i, run), consent: true }),
        });
        const json = (await res.json()) as { code: number; msg: string };
        ok = json.code === 0;
        if (!ok) errors.set(json.msg, (errors.get(json.msg) ?? 0) + 1);
      } catch (err) {
        const msg = (err as Error).message;
        errors.set(msg, (errors.get(msg) ?? 0) + 1);
      }
      samples.push({ ms: performance.now() - t0, ok });
    }),
  );
  return {
    ...percentiles(samples),
    wallMs: Math.round(performance.now() - started),
    errorKinds: Object.fromEntries(errors),
  };
}

function startRaw(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/raw-candidate-server.ts')], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return (async () => {
    for (let i = 0; i < 120; i++) {
      try {
        if ((await fetch(`${base}/ready`, { method: 'POST', body: '{}' })).ok) return child;
      } catch {}
      await new Promise((r) => setTimeout(r, 500));
    }
    child.kill('SIGKILL');
    throw new Error('the raw server did not start');
  })();
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const bench = await createBenchDatabase(kind, 'cand-reg');
const loadBefore = loadAverage();
try {
  const { repoId } = await seedBankAndLearners(bench, 20, 0);
  const env = { ...serverEnv(bench), TRUST_PROXY: '1' };
  let server = await startBuiltServer(port, env);
  const examId = await createRuleExam(base, repoId, 10);
  const admin = (
    await post<{ token: string }>(base, '/api/sys/user/login', { userName: 'admin', password: 'admin123' })
  ).data.token;
  const saved = await post(
    base,
    candidateLinkSave.path,
    {
      examId,
      enabled: true,
      fields: { name: 2, mobile: 2, idNumber: 0, company: 0, custom: [] },
      smsVerify: false,
      limits: { onePer: 'mobile', cap: 0, invited: [] },
      retentionDays: 30,
      consentText: null,
    },
    admin,
  );
  if (saved.code !== 0) throw new Error(`link: ${saved.msg}`);
  const link = (await post<{ token: string }>(base, candidateLinkDetail.path, { examId }, admin)).data;
  const product = await load(`${base}${candidateOpenRegister.path}`, link.token, 3);
  await stopped(server);
  server = await startRaw(
    kind === 'pg' ? { DATABASE_URL: bench.databaseUrl as string } : { PGLITE_DIR: path.join(bench.dataDir, 'pgdata') },
  );
  const raw = await load(`${base}/register`, link.token, 5);
  await stopped(server);
  const database = await bench.open();
  const rows = await database.db.execute(
    sql`select count(*) filter (where mobile like '13%')::int as product, count(*) filter (where mobile like '15%')::int as raw from el_candidate where exam_id = ${examId}`, // the demo's candidates sit another exam
  );
  await database.close();
  const stored = (rows.rows as { product: number; raw: number }[])[0];
  const report = {
    bench: 'candidate-register',
    db: kind,
    candidates: N,
    overMs: OVER,
    machine: machine(),
    loadBefore,
    loadAfter: loadAverage(),
    product: { ...product, stored: Number(stored.product) },
    raw: { ...raw, stored: Number(stored.raw) },
  };
  console.log(JSON.stringify(report, null, 2));
  writeReport(`candidate-register-${kind}-${Date.now()}`, report);
} finally {
  await bench.remove();
}
