/**
 * The wrong-answer book follows exams through paper events (the paper module no longer writes it):
 * at hand-in the wrongly answered top-level questions marked automatically join the book, and when
 * an administrator finishes marking, the wrongly answered short-answer and composite questions do.
 * It runs in the delivery's transaction, which commits together with its removal, so it is not
 * repeated once it has succeeded.
 */
import { MarkState } from '@exam/contracts';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { elPaperQu } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { type DomainEvent, defineConsumer } from '../../platform/events/index.js';
import { COMPOSITE_TYPES, MANUAL_TYPES } from '../repo/kinds/registry.js';
import { recordWrongAnswersOfUsers } from './book-record.js';

type PaperRef = { paperId: string; userId: string; examId: string | null };
/** One paper's wrongly answered top-level questions to add: those marked automatically at hand-in, or by hand. */
type WrongOf = { p: PaperRef; byHand: boolean; now: Date };

/** What an event adds to the book, or null (a paper.marked of automatic marking adds nothing more). */
function wrongOf(event: DomainEvent<'paper.handedIn' | 'paper.marked'>): WrongOf | null {
  if (event.name === 'paper.handedIn')
    return { p: event.payload, byHand: false, now: new Date(event.payload.handedInAt) };
  if (!event.payload.byHand) return null;
  const now = event.payload.markedAt ? new Date(event.payload.markedAt) : event.createdAt;
  return { p: event.payload, byHand: true, now };
}

/** Adds the wrong answers of papers of different learners (one paper each): one read, one upsert. */
async function addWrong(db: Executor, items: WrongOf[]): Promise<void> {
  if (items.length === 0) return;
  const byPaper = new Map(items.map((i) => [i.p.paperId, i]));
  const auto = items.filter((i) => !i.byHand).map((i) => i.p.paperId);
  const manual = items.filter((i) => i.byHand).map((i) => i.p.paperId);
  const which = [
    auto.length ? and(inArray(elPaperQu.paperId, auto), eq(elPaperQu.markState, MarkState.AUTO)) : undefined,
    manual.length
      ? and(inArray(elPaperQu.paperId, manual), inArray(elPaperQu.type, [...MANUAL_TYPES, ...COMPOSITE_TYPES]))
      : undefined,
  ];
  const wrong = await db
    .select({ paperId: elPaperQu.paperId, quId: elPaperQu.quId, answer: elPaperQu.answer })
    .from(elPaperQu)
    .where(and(eq(elPaperQu.isRight, false), isNull(elPaperQu.parentQuId), or(...which)));
  await recordWrongAnswersOfUsers(
    db,
    wrong.map((row) => {
      const { p, now } = byPaper.get(row.paperId) as WrongOf;
      return { userId: p.userId, quId: row.quId, examId: p.examId, source: 'exam' as const, answer: row.answer, now };
    }),
  );
}

/**
 * Splits events into rounds holding at most one paper per learner: within a round no book entry is
 * touched twice, so a question answered wrongly in two papers of a batch still counts twice.
 */
function rounds(items: WrongOf[]): WrongOf[][] {
  const out: WrongOf[][] = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    const n = seen.get(item.p.userId) ?? 0;
    seen.set(item.p.userId, n + 1);
    if (n === out.length) out.push([]);
    out[n].push(item);
  }
  return out;
}

export const bookOnPaperConsumer = defineConsumer({
  name: 'train.wrong-answer-book',
  events: ['paper.handedIn', 'paper.marked'],
  handle: async (event, db) => {
    const item = wrongOf(event);
    if (item) await addWrong(db, [item]);
  },
  handleBatch: async (events, db) => {
    const items = events.flatMap((e) => wrongOf(e) ?? []);
    for (const round of rounds(items)) await addWrong(db, round);
  },
});
