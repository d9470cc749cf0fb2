/**
 * Do other requests keep answering while a large import runs?
 *
 * Starts the built server on a fresh database, then runs a closed loop of cheap calls
 * (`/api/sys/config/detail`, `--clients` at a time) through three phases, reporting the latency
 * of the cheap call in each: a baseline with no import, a question import of a generated xlsx of
 * about `--mb` MB (`--rows` rows), and a user import (`--users` rows, each password hashed; 0: none).
 * With `--format gift|moodle|qti` the question file is a GIFT, Moodle XML or QTI package of
 * `--rows` single-choice questions (default 10,000; a QTI package at most 9,999, the zip guard's
 * entry limit) written by the formats' own writers.
 *
 *   npm run build -w @exam/server
 *   npx tsx bench/import-load.ts [--db pglite|pg] [--format xlsx|gift|moodle|qti] [--mb 10] [--rows 9000]
 *     [--users 1000] [--clients 4] [--entry other/apps/server/dist/main.js]
 */
import os from 'node:os';
import { XLSX_COLUMNS } from '../apps/server/src/modules/repo/qu-xlsx.js';
import { type BigFormat, bigInterchangeFile } from '../apps/server/src/test/big-interchange.js';
import { bigXlsx, questionRows } from '../apps/server/src/test/big-xlsx.js';
import { createBenchDatabase, dbKind, serverEnv, startBuiltServer } from './setup.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DB = arg('db', 'pglite');
const FORMAT = arg('format', 'xlsx');
const FORMATS: Record<string, BigFormat | null> = { xlsx: null, gift: 'gift', moodle: 'moodle-xml', qti: 'qti' };
if (!(FORMAT in FORMATS)) throw new Error(`--format: xlsx | gift | moodle | qti, not ${FORMAT}`);
const MB_TARGET = Number(arg('mb', '10'));
const ROWS = Math.min(
  FORMAT === 'qti' ? 9999 : Number.POSITIVE_INFINITY,
  Number(arg('rows', FORMAT === 'xlsx' ? '9000' : '10000')),
);
const USERS = Number(arg('users', '1000'));
const CLIENTS = Number(arg('clients', '4'));
/** Another build's dist/main.js (the code before a change) to measure instead of this one. */
const ENTRY = process.argv.includes('--entry') ? arg('entry', '') : undefined;
const BASELINE_MS = Number(arg('baseline-ms', '15000'));
const PORT = 19000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}`;

async function call<T>(url: string, body: unknown, token?: string) {
  const res = await fetch(BASE + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

async function upload(url: string, file: Buffer, fields: Record<string, string>, token: string, name = 'import.xlsx') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file]), name);
  const res = await fetch(BASE + url, { method: 'POST', headers: { token }, body: form });
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

/** Runs the cheap call in a closed loop until `until` resolves; answers the latencies (ms). */
async function cheapLoad(until: Promise<unknown>): Promise<{ ms: number[]; errors: number }> {
  let stop = false;
  void until.finally(() => {
    stop = true;
  });
  const ms: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!stop) {
        const t0 = performance.now();
        try {
          const r = await call('/api/sys/config/detail', { id: '1' });
          if (r.code !== 0) errors++;
        } catch {
          errors++;
        }
        ms.push(performance.now() - t0);
      }
    }),
  );
  return { ms, errors };
}

function summary(name: string, r: { ms: number[]; errors: number }, extra = '') {
  const s = [...r.ms].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN);
  const f = (n: number) => n.toFixed(1);
  return `| ${name} | ${s.length} | ${f(q(50))} | ${f(q(95))} | ${f(q(99))} | ${f(s[s.length - 1] ?? Number.NaN)} | ${r.errors} | ${extra} |`;
}

async function main() {
  const bench = await createBenchDatabase(dbKind(DB), 'exam-import-bench');
  // Question rows sized so the file is about MB_TARGET: ~1.86 KB per 1,000 characters of content in
  // an xlsx, 3 bytes a character (UTF-8) and some markup in the text formats.
  const format = FORMATS[FORMAT];
  const chars = Math.max(20, Math.round((MB_TARGET * 1024 * 1024) / ROWS / (format ? 3.3 : 1.86)));
  const questions = format
    ? await bigInterchangeFile(format, ROWS, chars)
    : await bigXlsx({ rows: ROWS, header: XLSX_COLUMNS, row: questionRows(chars) });
  const fileName = { xlsx: 'import.xlsx', gift: 'import.gift', moodle: 'import.xml', qti: 'import.zip' }[FORMAT];
  const users = await bigXlsx({
    rows: USERS,
    header: ['用户名', '姓名', '手机号', '部门编码', '角色编码', '密码', '状态'],
    row: (i) => [`bench${i}`, `压测${i}`, '', 'D001', 'student', `abc${i}x1`, '正常'],
  });
  const server = await startBuiltServer(PORT, serverEnv(bench), undefined, ENTRY);
  const lines: string[] = [];
  try {
    const admin = (await call<{ token: string }>('/api/sys/user/login', { userName: 'admin', password: 'admin123' }))
      .data.token;
    const repoId = (await call<{ id: string }>('/api/repo/repo/save', { title: '压测题库' }, admin)).data.id;
    for (let i = 0; i < 50; i++) await call('/api/sys/config/detail', { id: '1' }); // warm-up

    const baseline = await cheapLoad(new Promise((r) => setTimeout(r, BASELINE_MS)));
    lines.push(summary('baseline, no import', baseline, `${BASELINE_MS / 1000} s`));

    let t0 = performance.now();
    const qImport = upload('/api/repo/qu/import', questions, { repoId }, admin, fileName);
    const during = await cheapLoad(qImport);
    const q = await qImport;
    const qInfo = `${FORMAT} ${(questions.length / 1024 / 1024).toFixed(1)} MB, ${ROWS} questions: ${((performance.now() - t0) / 1000).toFixed(1)} s, code ${q.code} ${JSON.stringify(q.data ?? q.msg).slice(0, 60)}`;
    lines.push(summary('during question import', during, qInfo));

    if (USERS > 0) {
      t0 = performance.now();
      const uImport = upload('/api/sys/user/import', users, {}, admin);
      const duringUsers = await cheapLoad(uImport);
      const u = await uImport;
      const uInfo = `${(users.length / 1024).toFixed(0)} KB, ${USERS} users: ${((performance.now() - t0) / 1000).toFixed(1)} s, code ${u.code} ${JSON.stringify(u.data ?? u.msg).slice(0, 40)}`;
      lines.push(summary('during user import', duringUsers, uInfo));
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await bench.remove();
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(
    `\n${new Date().toISOString()} db=${DB} format=${FORMAT} node=${process.version} cpu="${cpu}" cores=${os.cpus().length} loadavg=${load}`,
  );
  console.log(`cheap call: POST /api/sys/config/detail, ${CLIENTS} clients in a closed loop; latencies in ms`);
  console.log('| phase | calls | p50 | p95 | p99 | max | errors | import |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const l of lines) console.log(l);
}

await main();
