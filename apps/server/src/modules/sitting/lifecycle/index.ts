/**
 * The paper lifecycle: the one place that moves a paper between states (transitions.ts) and
 * publishes what happened, in the caller's transaction. Hand-in, the deadline sweep, the leave
 * limit, abandoning, manual marking and voiding all go through here; the consequences (the
 * (user, exam) record, the wrong-answer book, messages, certificates) are event consumers.
 * `apply` is the only statement that changes el_paper.state (platform/layering.test.ts holds it).
 */
import { PaperState } from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { elPaper } from '../../../db/schema/index.js';
import type { Tx } from '../../../platform/db.js';
import { conflict } from '../../../platform/errors.js';
import { type DomainEventInput, type DomainEventName, publish, publishAll } from '../../../platform/events/index.js';
import { assertTransition, canStart, type PaperAction } from './transitions.js';

export { assertTransition, canStart, canTransition, stateAfterMarks } from './transitions.js';

type PaperRow = typeof elPaper.$inferSelect;

/** The columns a transition may set besides the state. */
export type PaperPatch = Partial<Omit<typeof elPaper.$inferInsert, 'id' | 'state' | 'examId' | 'userId'>>;

/**
 * Moves one paper from state `from` to `to` by `action` and sets `patch` with it, in one UPDATE
 * whose WHERE carries `state = from`: a paper that left `from` meanwhile is not touched, and the
 * answer is false. The transition is checked before the statement (a refused one is a programming
 * error and throws). Callers lock the row first (FOR UPDATE) when they decide on what they read.
 */
export async function apply(
  tx: Tx,
  paperId: string,
  action: PaperAction,
  change: { from: number; to: number; patch: PaperPatch },
): Promise<boolean> {
  assertTransition(action, change.from, change.to);
  const guard = and(
    eq(elPaper.id, paperId),
    eq(elPaper.state, change.from),
    // Voiding twice is refused: the second finds no row.
    action === 'void' ? eq(elPaper.voided, false) : undefined,
  );
  const rows = await tx
    .update(elPaper)
    .set({ ...change.patch, state: change.to })
    .where(guard)
    .returning({ id: elPaper.id });
  return rows.length > 0;
}

/** Publishes a paper reaching state 2, and the exam being passed when it is. */
/** The events of a paper that finished (marked in full): paper.marked, and exam.passed when it passed. */
function finishedEvents(
  paper: PaperRow,
  score: number,
  passed: boolean,
  at: Date,
  markedBy: string | null,
): DomainEventInput<DomainEventName>[] {
  const base = { paperId: paper.id, userId: paper.userId, examId: paper.examId };
  const byHand = markedBy !== null;
  // What the learner's message prints (hand-in's payload stays as it was: no message then).
  const about = byHand ? { title: paper.title, totalScore: paper.totalScore, markedBy } : {};
  const events: DomainEventInput<DomainEventName>[] = [
    { name: 'paper.marked', payload: { ...base, score, passed, byHand, markedAt: at.toISOString(), ...about } },
  ];
  if (passed) events.push({ name: 'exam.passed', payload: { ...base, score, passedAt: at.toISOString() } });
  return events;
}

/** Records the events of a hand-in whose paper row `apply` has just moved out of state 0 (one statement). */
export async function handedIn(
  tx: Tx,
  paper: PaperRow,
  outcome: { state: number; score: number; passed: boolean; handTime: Date; kind: number },
): Promise<void> {
  assertTransition('handIn', paper.state, outcome.state);
  await publishAll(tx, [
    {
      name: 'paper.handedIn',
      payload: {
        paperId: paper.id,
        userId: paper.userId,
        examId: paper.examId,
        handedInAt: outcome.handTime.toISOString(),
        handKind: outcome.kind,
      },
    },
    ...(outcome.state === PaperState.FINISHED
      ? finishedEvents(paper, outcome.score, outcome.passed, outcome.handTime, null)
      : []),
  ]);
}

/** Records the events of an abandoned paper. */
export async function abandoned(tx: Tx, paper: PaperRow, now: Date): Promise<void> {
  assertTransition('abandon', paper.state, PaperState.ABANDONED);
  await publish(tx, {
    name: 'paper.abandoned',
    payload: { paperId: paper.id, userId: paper.userId, examId: paper.examId, abandonedAt: now.toISOString() },
  });
}

/** Records a manual marking save by `markerId`; publishes when it finished the paper. */
export async function marked(
  tx: Tx,
  paper: PaperRow,
  outcome: { state: number; score: number; passed: boolean; markerId: string },
  now: Date,
): Promise<void> {
  assertTransition('mark', paper.state, outcome.state);
  if (outcome.state === PaperState.FINISHED)
    await publishAll(tx, finishedEvents(paper, outcome.score, outcome.passed, now, outcome.markerId));
}

/**
 * Records a regrade (a corrected question re-marked the paper, state unchanged). A finished paper
 * whose score or result changed publishes paper.marked again (not by hand: the regrade sends its
 * own message), so the (user, exam) record follows, and exam.passed when it now passes.
 */
export async function regraded(
  tx: Tx,
  paper: PaperRow,
  before: { score: number; passed: boolean },
  after: { score: number; passed: boolean },
  now: Date,
): Promise<void> {
  assertTransition('regrade', paper.state, paper.state);
  if (paper.state !== PaperState.FINISHED) return;
  if (before.score === after.score && before.passed === after.passed) return;
  const base = { paperId: paper.id, userId: paper.userId, examId: paper.examId };
  await publish(tx, {
    name: 'paper.marked',
    payload: { ...base, score: after.score, passed: after.passed, byHand: false, markedAt: now.toISOString() },
  });
  if (after.passed && !before.passed)
    await publish(tx, { name: 'exam.passed', payload: { ...base, score: after.score, passedAt: now.toISOString() } });
}

/** Voids a handed-in paper with a reason (it no longer counts), in the caller's transaction. */
export async function voidPaperTx(tx: Tx, paperId: string, adminId: string, reason: string, now: Date): Promise<void> {
  const [p] = await tx.select().from(elPaper).where(eq(elPaper.id, paperId)).for('update');
  if (!canStart('void', p.state)) throw conflict('考生尚未交卷，不能作废');
  if (p.voided) throw conflict('该答卷已作废');
  const patch = { voided: true, voidReason: reason, voidedBy: adminId, voidedAt: now, updatedAt: now };
  if (!(await apply(tx, paperId, 'void', { from: p.state, to: p.state, patch }))) throw conflict('该答卷已作废');
  await publish(tx, { name: 'paper.voided', payload: { paperId, userId: p.userId, examId: p.examId, reason } });
}
