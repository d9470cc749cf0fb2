/**
 * THE question reader: every read of question content (stem, options, answer,
 * analysis, right flags) that can reach a learner, by a route or a service, goes through here, and
 * the sitting guard applies on the way: `learnerReader(db, userId)` asks the guard once (through the
 * answer-lock port, repo/answer-lock.ts, filled with paper's `sittingLock`) and then
 * - leaves answer, analysis and right flags out of every view of a locked question (`views`,
 *   `question().view`, `learnerQuestion`), and
 * - refuses (20010002, nothing saved) where the caller needs the key to mark or explain (`keyed`,
 *   `assertOpen`).
 * Administrators' views outside the bank's own services use the explicit admin entry points
 * (`adminStems`). platform/question-reader.test.ts holds every other file that reads the question
 * table to a list with reasons (ids and counts, stems of a list, the paper start's snapshot, the
 * bank's own administration), and lets nothing but this reader ask the guard's lock.
 */
import { ErrorCode, RoleType, type TQuView } from '@exam/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { elQu, elQuRepo, elRepo, sysRole, sysUserRole } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { type AnswerLock, answerLock, keyReviewed, SITTING_REFUSAL } from './answer-lock.js';
import { findKind } from './kinds/registry.js';
import { plainParts } from './kinds/shared.js';

/** A question row as stored, keys included: only the reader's `keyed` and admin callers hold one. */
export type QuRow = typeof elQu.$inferSelect;

/** A question with its live children, keys included. */
export interface KeyedQuestion {
  row: QuRow;
  children: QuRow[];
}

/**
 * The learner view of one question row (and its children) for `viewerId`; `withAnswer` adds answer
 * and analysis. Items whose order may be the key come in the viewer's one fixed order (arrange.ts).
 * Pure projection: callers reach it through a reader, which decides `withAnswer` with the lock.
 */
function toLearnerView(
  row: QuRow,
  children: QuRow[],
  withAnswer: boolean,
  viewerId: string,
  session: string | null,
): TQuView {
  // With the answer, options as stored (right flags, ordering items in the right order).
  const parts = findKind(row.type)?.learnerParts(row, { viewerId, quId: row.id, session }) ?? plainParts(row.options);
  const view: TQuView = {
    id: row.id,
    type: row.type,
    level: row.level,
    content: row.content,
    options: withAnswer
      ? row.options.map((o) => ({ key: o.key, content: o.content, isRight: o.isRight }))
      : parts.options,
    matching: parts.matching,
    blankCount: parts.blankCount,
    children: children.map((c) => toLearnerView(c, [], withAnswer, viewerId, session)),
  };
  if (withAnswer) {
    view.answer = row.answer as Record<string, unknown>;
    view.analysis = row.analysis;
  }
  return view;
}

async function loadRows(db: Executor, ids: string[]): Promise<Map<string, KeyedQuestion>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(elQu).where(inArray(elQu.id, ids));
  const kids = await db
    .select()
    .from(elQu)
    .where(and(inArray(elQu.parentId, ids), isNull(elQu.deletedAt)))
    .orderBy(asc(elQu.sort));
  return new Map(rows.map((row) => [row.id, { row, children: kids.filter((k) => k.parentId === row.id) }]));
}

/** One question read for a learner: its view (key only when allowed and not locked) and, when not locked, its key. */
export interface ReadQuestion {
  readonly id: string;
  readonly type: number;
  /** Whether the sitting guard holds this question's key from the learner now. */
  readonly locked: boolean;
  /** The learner view; answer and analysis only when `withAnswer` and not locked. */
  view(withAnswer: boolean): TQuView;
  /** The rows with their keys, to mark or explain; refuses (20010002) when locked. */
  keyed(): KeyedQuestion;
}

export interface LearnerReader {
  readonly userId: string;
  /** The sitting guard's lock of this learner now (asked once, when the reader was made). */
  readonly lock: AnswerLock;
  /** Refuses (20010002, nothing saved) when any of these questions is locked. */
  assertOpen(quIds: Iterable<string>): void;
  /** One question (any state; children live only); 10010003 when it does not exist. */
  question(quId: string): Promise<ReadQuestion>;
  /** Learner views in the order of `ids` (missing ones left out); keys where `withAnswer` says and the lock allows. */
  views(ids: string[], withAnswer: boolean | ((quId: string) => boolean)): Promise<TQuView[]>;
}

const refuse = () => new AppError(ErrorCode.EXAM_IN_PROGRESS, SITTING_REFUSAL);

/**
 * The reader for one learner: one query of the sitting guard, then every read answers by its lock.
 * `session` (a practice session or mock paper) gives its views their own order of items.
 */
export async function learnerReader(
  db: Executor,
  userId: string,
  session: string | null = null,
): Promise<LearnerReader> {
  const lock = await answerLock(db, userId);
  const read = (q: KeyedQuestion): ReadQuestion => {
    const locked = lock.has(q.row.id);
    return {
      id: q.row.id,
      type: q.row.type,
      locked,
      view: (withAnswer) => toLearnerView(q.row, q.children, withAnswer && !locked, userId, session),
      keyed: () => {
        if (locked) throw refuse();
        return q;
      },
    };
  };
  return {
    userId,
    lock,
    assertOpen: (quIds) => {
      if (lock.any(quIds)) throw refuse();
    },
    question: async (quId) => {
      const q = (await loadRows(db, [quId])).get(quId);
      if (!q) throw notFound('试题');
      return read(q);
    },
    views: async (ids, withAnswer) => {
      const rows = await loadRows(db, ids);
      const wants = typeof withAnswer === 'function' ? withAnswer : () => withAnswer;
      return ids.flatMap((id) => {
        const q = rows.get(id);
        return q ? [read(q).view(wants(id))] : [];
      });
    },
  };
}

/**
 * Whether a learner may see the answer and analysis of a question outside an open paper, the lock
 * aside (the reader applies it): administrators, and anyone when one of the question's banks allows
 * practice; also after the user handed in an exam holding it, when that exam shows answers after
 * hand-in (result_show 2) or its window has closed.
 */
async function answerAllowed(db: Executor, userId: string, quId: string): Promise<boolean> {
  const [role] = await db
    .select({ roleType: sql<number>`max(${sysRole.roleType})`.mapWith(Number) })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId));
  if (role?.roleType === RoleType.ADMIN) return true;
  const [q] = await db.select({ parentId: elQu.parentId }).from(elQu).where(eq(elQu.id, quId));
  const topId = q?.parentId ?? quId;
  const [practice] = await db
    .select({ id: elRepo.id })
    .from(elQuRepo)
    .innerJoin(elRepo, eq(elRepo.id, elQuRepo.repoId))
    .where(and(eq(elQuRepo.quId, topId), eq(elRepo.practiceEnabled, true), isNull(elRepo.deletedAt)))
    .limit(1);
  if (practice) return true;
  return keyReviewed(db, userId, topId);
}

/** Whether the reader's learner may see this question's answer and analysis now (never while locked). */
export async function canSeeAnswer(db: Executor, reader: LearnerReader, quId: string): Promise<boolean> {
  if (reader.lock.has(quId)) return false;
  return answerAllowed(db, reader.userId, quId);
}

/** What /api/repo/qu/view answers: the learner view of a live question and whether answers are in it. */
export async function learnerQuestion(db: Executor, userId: string, id: string, reader?: LearnerReader) {
  const [live] = await db
    .select({ id: elQu.id })
    .from(elQu)
    .where(and(eq(elQu.id, id), isNull(elQu.deletedAt)));
  if (!live) throw notFound('试题');
  const r = reader ?? (await learnerReader(db, userId));
  const answerVisible = await canSeeAnswer(db, r, id);
  const [question] = await r.views([id], answerVisible);
  return { question, answerVisible };
}

/**
 * Administrators' entry point (permission routes only: the route helper refuses learners there):
 * type, level and stem of questions, no lock asked. Used by the paper template editor.
 */
export async function adminStems(db: Executor, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: elQu.id, type: elQu.type, level: elQu.level, content: elQu.content })
    .from(elQu)
    .where(inArray(elQu.id, ids));
}
