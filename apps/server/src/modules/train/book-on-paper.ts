import { and, inArray } from 'drizzle-orm';
import { elUserBook } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { type DomainEvent, defineConsumer } from '../../platform/events/index.js';
import { markedTopRows } from '../sitting/reads/others.js';
import { bookRulesOf, recordAnswer, recordWrongAnswersOfUsers } from './book-record.js';
import { bookVerdict } from './review-schedule.js';

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

/**
 * Applies the answers of papers of different learners (one paper each): one read of the marked
 * rows, one upsert of the wrong ones, and a streak step for each right one already in the book.
 */
async function addWrong(db: Executor, items: WrongOf[]): Promise<void> {
  if (items.length === 0) return;
  const byPaper = new Map(items.map((i) => [i.p.paperId, i]));
  const auto = items.filter((i) => !i.byHand).map((i) => i.p.paperId);
  const manual = items.filter((i) => i.byHand).map((i) => i.p.paperId);
  const marked = await markedTopRows(db, auto, manual);
  const rules = await bookRulesOf(db);
  const verdictOf = (row: (typeof marked)[number]) =>
    bookVerdict(row.isRight, row.score > 0 ? row.actualScore / row.score : null, rules.wrongShare);
  const recordOf = (row: (typeof marked)[number]) => {
    const { p, now } = byPaper.get(row.paperId) as WrongOf;
    return { userId: p.userId, quId: row.quId, examId: p.examId, source: 'exam' as const, answer: row.answer, now };
  };
  await recordWrongAnswersOfUsers(db, marked.filter((row) => verdictOf(row) === false).map(recordOf));
  const right = marked.filter((row) => verdictOf(row) === true).map(recordOf);
  if (right.length === 0) return;
  // Only questions already in the book move; one read finds them.
  const inBook = await db
    .select({ userId: elUserBook.userId, quId: elUserBook.quId })
    .from(elUserBook)
    .where(
      and(
        inArray(elUserBook.userId, [...new Set(right.map((r) => r.userId))]),
        inArray(elUserBook.quId, [...new Set(right.map((r) => r.quId))]),
      ),
    );
  const held = new Set(inBook.map((b) => `${b.userId}\u0000${b.quId}`));
  const moving = right.filter((r) => held.has(`${r.userId}\u0000${r.quId}`));
  // In key order, as the upsert: two batches lock shared entries in the same order.
  const keyOf = (r: { userId: string; quId: string }) => `${r.userId}\u0000${r.quId}`;
  moving.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  for (const r of moving) await recordAnswer(db, { ...r, isRight: true, rules });
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
