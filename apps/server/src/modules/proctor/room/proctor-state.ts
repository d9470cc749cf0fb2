/**
 * What every proctoring call shares: the exam's setting (cached briefly: the room's calls are the
 * exam day's hot path and the setting does not change during a sitting), the attempt's room row,
 * and adding flags (which keeps the room's risk score current).
 */
import { ProctorFlag, type TProctorSetting } from '@exam/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { elExam, elProctorEvent, elProctorRoom } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { notFound } from '../../../platform/errors.js';
import { riskOf } from './risk-rules.js';

export interface ProctorExam {
  id: string;
  title: string;
  proctor: TProctorSetting;
  startTime: Date;
  endTime: Date;
}

const EXAM_TTL_MS = 10_000;
const examCache = new Map<string, { at: number; exam: ProctorExam }>();

/** The exam's proctoring facts, from a cache of 10 s (a saved change reaches rooms within it). */
export async function proctorExam(db: Executor, examId: string): Promise<ProctorExam> {
  const hit = examCache.get(examId);
  if (hit && Date.now() - hit.at < EXAM_TTL_MS) return hit.exam;
  const [exam] = await db
    .select({
      id: elExam.id,
      title: elExam.title,
      proctor: elExam.proctor,
      startTime: elExam.startTime,
      endTime: elExam.endTime,
    })
    .from(elExam)
    .where(and(eq(elExam.id, examId), isNull(elExam.deletedAt)));
  if (!exam) throw notFound('考试');
  if (examCache.size > 5000) examCache.clear();
  examCache.set(examId, { at: Date.now(), exam });
  return exam;
}

/** Forgets cached settings (tests that change an exam's setting). */
export function forgetProctorExams(): void {
  examCache.clear();
}

export interface AttemptKey {
  paperId: string;
  examId: string;
  userId: string;
}

/** Creates the room row when missing and applies `set`; answers the pause and the latest warning. */
export async function touchRoom(
  db: Executor,
  a: AttemptKey,
  set: Partial<typeof elProctorRoom.$inferInsert>,
  now: Date,
): Promise<{ paused: boolean; warning: string | null }> {
  const [row] = await db
    .insert(elProctorRoom)
    .values({ paperId: a.paperId, examId: a.examId, userId: a.userId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: elProctorRoom.paperId, set: { ...set, updatedAt: now } })
    .returning({ paused: elProctorRoom.paused, warning: elProctorRoom.warning });
  return row;
}

const FLAGS = new Set<string>(ProctorFlag);

/** Adds timeline events; when any is a flag, recomputes the attempt's risk and keeps it on the room. */
export async function addEvents(
  db: Executor,
  a: AttemptKey,
  events: { kind: string; snapshotId?: string | null; detail?: string | null; actorId?: string | null }[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(elProctorEvent).values(
    events.map((e) => ({
      paperId: a.paperId,
      examId: a.examId,
      userId: a.userId,
      kind: e.kind,
      snapshotId: e.snapshotId ?? null,
      detail: e.detail ?? null,
      actorId: e.actorId ?? null,
      createdAt: now,
    })),
  );
  if (events.some((e) => FLAGS.has(e.kind))) await refreshRisk(db, a, now);
}

/** The flags of the attempts, counted by kind. */
export async function flagCounts(db: Executor, paperIds: string[]): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>();
  if (paperIds.length === 0) return out;
  const rows = await db
    .select({ paperId: elProctorEvent.paperId, kind: elProctorEvent.kind, n: sql<number>`count(*)` })
    .from(elProctorEvent)
    .where(and(inArray(elProctorEvent.paperId, paperIds), inArray(elProctorEvent.kind, [...ProctorFlag])))
    .groupBy(elProctorEvent.paperId, elProctorEvent.kind);
  for (const r of rows) {
    if (!r.paperId) continue;
    const counts = out.get(r.paperId) ?? {};
    counts[r.kind] = Number(r.n);
    out.set(r.paperId, counts);
  }
  return out;
}

async function refreshRisk(db: Executor, a: AttemptKey, now: Date): Promise<void> {
  const counts = (await flagCounts(db, [a.paperId])).get(a.paperId) ?? {};
  await touchRoom(db, a, { risk: riskOf(counts).score }, now);
}
