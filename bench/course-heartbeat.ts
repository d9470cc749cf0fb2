/**
 * Course heartbeats: N learners each send a heartbeat every 10 s while watching a
 * one-hour video, on PostgreSQL. Reports heartbeat p50/p99 latency and errors, then checks that no
 * learner was credited more than the wall clock allowed. The raw baseline of the same run: the same
 * learners then call /api/sys/user/info (one authenticated read) at the same cadence for
 * --baseline seconds, so a figure can be read against what this machine gave a trivial call.
 *
 *   npx tsx bench/course-heartbeat.ts --learners 2000 --seconds 60     (BENCH_DATABASE_URL, default local test server)
 *
 * Setup writes learners, tokens and a published course straight into the database, then starts the
 * built server (apps/server/dist, `npm start` builds it) on it. A heartbeat earns
 * credit only after the content route served the file, so setup also records each learner's fetch
 * of the whole video (what the content route writes: `fetched_at`, `bytes_served`).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { like, sql } from 'drizzle-orm';
import {
  elCourse,
  elCourseChapter,
  elCourseFile,
  elCourseLearn,
  sysFile,
  sysUser,
} from '../apps/server/src/db/schema/index.js';
import { secretId } from '../apps/server/src/platform/ids.js';
import { createBenchDatabase, insertLearners, percentiles, type Sample, serverEnv, startBuiltServer } from './setup.js';

const { values: args } = parseArgs({
  options: {
    learners: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '60' },
    baseline: { type: 'string', default: '30' },
  },
});
const LEARNERS = Number(args.learners);
const SECONDS = Number(args.seconds);
const BASELINE_SECONDS = Number(args.baseline);
const BEAT_MS = 10_000;
const PORT = 19000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}`;
const samples: Sample[] = [];
const baselineSamples: Sample[] = [];
const errors = new Map<string, number>();

async function setup() {
  const bench = await createBenchDatabase('pg', 'course-bench');
  const database = await bench.open();
  const { db } = database;
  const [file] = await db
    .insert(sysFile)
    .values({
      id: secretId(24),
      originalName: 'bench.mp4',
      mime: 'video/mp4',
      size: 1,
      storagePath: '/dev/null',
      audience: 'private',
    })
    .returning({ id: sysFile.id });
  const [course] = await db
    .insert(elCourse)
    .values({ title: '压测课程', openType: 1, state: 1 })
    .returning({ id: elCourse.id });
  const [ch] = await db
    .insert(elCourseChapter)
    .values({ courseId: course.id, title: '第一章' })
    .returning({ id: elCourseChapter.id });
  const [cf] = await db
    .insert(elCourseFile)
    .values({
      courseId: course.id,
      chapterId: ch.id,
      fileId: file.id,
      title: '一小时视频',
      kind: 'video',
      duration: 3600,
    })
    .returning({ id: elCourseFile.id });
  const tokens = await insertLearners(db, LEARNERS, { prefix: 'cbench', passwordHash: 'x' });
  // Each learner has fetched the video, as the player does before its first heartbeat.
  const learners = await db.select({ id: sysUser.id }).from(sysUser).where(like(sysUser.userName, 'cbench%'));
  for (let i = 0; i < learners.length; i += 1000)
    await db.insert(elCourseLearn).values(
      learners.slice(i, i + 1000).map((u) => ({
        userId: u.id,
        fileId: cf.id,
        courseId: course.id,
        fetchedAt: new Date(),
        bytesServed: 1,
      })),
    );
  await database.close();
  return { bench, fileId: cf.id, tokens };
}

async function beat(token: string, fileId: string, from: number) {
  const started = performance.now();
  try {
    const res = await fetch(`${BASE}/api/course/learn/heartbeat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({
        fileId,
        position: from + 10,
        ranges: from >= 0 ? [[from, from + 10]] : [],
        rate: 1,
        playing: true,
        visible: true,
      }),
    });
    const json = (await res.json()) as { code: number; msg: string };
    samples.push({ ms: performance.now() - started, ok: json.code === 0 });
    if (json.code !== 0) errors.set(json.msg, (errors.get(json.msg) ?? 0) + 1);
  } catch (err) {
    samples.push({ ms: performance.now() - started, ok: false });
    const m = (err as Error).message;
    errors.set(m, (errors.get(m) ?? 0) + 1);
  }
}

async function learner(token: string, fileId: string, offsetMs: number) {
  await new Promise((r) => setTimeout(r, offsetMs));
  const end = Date.now() + SECONDS * 1000;
  await beat(token, fileId, -1); // starts the clock
  for (let pos = 0; Date.now() < end; pos += 10) {
    await new Promise((r) => setTimeout(r, BEAT_MS));
    await beat(token, fileId, pos);
  }
}

async function baselineCall(token: string) {
  const started = performance.now();
  try {
    const res = await fetch(`${BASE}/api/sys/user/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: '{}',
    });
    const json = (await res.json()) as { code: number };
    baselineSamples.push({ ms: performance.now() - started, ok: json.code === 0 });
  } catch {
    baselineSamples.push({ ms: performance.now() - started, ok: false });
  }
}

async function baselineLearner(token: string, offsetMs: number) {
  await new Promise((r) => setTimeout(r, offsetMs));
  const end = Date.now() + BASELINE_SECONDS * 1000;
  while (Date.now() < end) {
    await baselineCall(token);
    await new Promise((r) => setTimeout(r, BEAT_MS));
  }
}

const { bench, fileId, tokens } = await setup();
const server = await startBuiltServer(PORT, serverEnv(bench));
const wall = Date.now();
try {
  // Spread over one heartbeat interval, as real viewers are.
  await Promise.all(tokens.map((t, i) => learner(t, fileId, (i / tokens.length) * BEAT_MS)));
  const heartbeatSeconds = (Date.now() - wall) / 1000;
  await Promise.all(tokens.map((t, i) => baselineLearner(t, (i / tokens.length) * BEAT_MS)));
  const check = await bench.open();
  const [over] = await check.db
    .select({ max: sql<number>`max(${elCourseLearn.watched})`.mapWith(Number) })
    .from(elCourseLearn);
  await check.close();
  console.log(
    JSON.stringify(
      {
        learners: LEARNERS,
        seconds: SECONDS,
        heartbeats: samples.length,
        perSecond: +(samples.length / heartbeatSeconds).toFixed(1),
        heartbeat: percentiles(samples),
        baselineUserInfo: percentiles(baselineSamples),
        errorKinds: Object.fromEntries(errors),
        maxWatchedSeconds: over.max,
        cpu: os.cpus()[0]?.model,
        cores: os.cpus().length,
        loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
      },
      null,
      2,
    ),
  );
} finally {
  server.kill();
  await new Promise((r) => server.once('exit', r));
  await bench.remove();
}
