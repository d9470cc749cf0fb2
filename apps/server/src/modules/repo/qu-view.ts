/**
 * The learner-safe projection of questions (DESIGN 4): no right flags, no answer, no analysis,
 * unless `canSeeAnswer` allows them. Other modules (exam, training) reuse `toLearnerView` and
 * `loadLearnerViews` so that every learner-facing call shares one projection.
 */
import { RoleType, type TQuView } from '@exam/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { elQu, elQuRepo, elRepo, sysRole, sysUserRole } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { answerLock } from './answer-lock.js';
import { findKind } from './kinds/registry.js';
import { plainParts } from './kinds/shared.js';

type QuRow = typeof elQu.$inferSelect;

/**
 * The learner view of one question row (and its children) for `viewerId`; `withAnswer` adds answer
 * and analysis. Items whose order may be the key come in the viewer's one fixed order (arrange.ts).
 */
export function toLearnerView(row: QuRow, children: QuRow[], withAnswer: boolean, viewerId: string): TQuView {
  // With the answer, options as stored (right flags, ordering items in the right order).
  const parts = findKind(row.type)?.learnerParts(row, { viewerId, quId: row.id }) ?? plainParts(row.options);
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
    children: children.map((c) => toLearnerView(c, [], withAnswer, viewerId)),
  };
  if (withAnswer) {
    view.answer = row.answer as Record<string, unknown>;
    view.analysis = row.analysis;
  }
  return view;
}

/** Loads questions with their children as learner views for `viewerId`, in the order of `ids`. */
export async function loadLearnerViews(
  db: Executor,
  ids: string[],
  withAnswer: boolean,
  viewerId: string,
): Promise<TQuView[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(elQu).where(inArray(elQu.id, ids));
  const kids = await db
    .select()
    .from(elQu)
    .where(and(inArray(elQu.parentId, ids), isNull(elQu.deletedAt)))
    .orderBy(asc(elQu.sort));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is QuRow => Boolean(r))
    .map((r) =>
      toLearnerView(
        r,
        kids.filter((k) => k.parentId === r.id),
        withAnswer,
        viewerId,
      ),
    );
}

/**
 * Whether a user may see the answer and analysis of a question outside an open paper.
 * Never while the question is in the user's open paper (paper/sitting-guard.ts through answer-lock.ts,
 * before anything else).
 * Otherwise: administrators, and anyone when one of the question's banks allows practice.
 * Also after the user handed in an exam holding it, when that exam shows answers or has closed.
 */
export async function canSeeAnswer(db: Executor, userId: string, quId: string): Promise<boolean> {
  if ((await answerLock(db, userId)).has(quId)) return false;
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
  // After hand-in of one of the user's exams holding the question, when that exam shows answers
  // after hand-in (result_show 2) or its window has closed.
  const reviewed = await db.execute(sql`select 1 from el_paper p
    join el_paper_qu pq on pq.paper_id = p.id and pq.qu_id = ${topId}
    join el_exam e on e.id = p.exam_id
    where p.user_id = ${userId} and p.state in (1, 2) and (e.result_show = 2 or e.end_time <= now() or e.state = 2)
    limit 1`);
  return reviewed.rows.length > 0;
}

/** What /api/repo/qu/view answers: the learner view of a live question and whether answers are in it. */
export async function learnerQuestion(db: Executor, userId: string, id: string) {
  const [live] = await db
    .select({ id: elQu.id })
    .from(elQu)
    .where(and(eq(elQu.id, id), isNull(elQu.deletedAt)));
  if (!live) throw notFound('试题');
  const answerVisible = await canSeeAnswer(db, userId, id);
  const [question] = await loadLearnerViews(db, [id], answerVisible, userId);
  return { question, answerVisible };
}
