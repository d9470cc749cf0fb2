/** Exams for administrators: paging, save, detail, delete, state (draft / published / closed). */

import type { ZExamSaveSchema } from '@exam/contracts';
import {
  ErrorCode,
  kindSettingsOf,
  PROCTOR_OFF,
  type TExamDetail,
  type TExamRecord,
  type TExamSave,
} from '@exam/contracts';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { elExam, elPaperTmpl } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { AppError, badParams, conflict, notFound } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { paginate } from '../../platform/paging.js';
import { sanitizeRichText } from '../../platform/sanitize-html.js';
import { paperCountOfExam } from '../sitting/reads/exam-side.js';
import { assertLockedUnchanged, lockReasonOf } from './exam-archive.js';
import { timeStateOf } from './exam-rules.js';

type ExamRow = typeof elExam.$inferSelect;
type ExamInput = z.output<typeof ZExamSaveSchema>;

interface Counts {
  paperCount: number;
  overrideCount: number;
}

/** Papers and arrangements of the outer query's el_exam row (plain SQL names: see notice-audience.ts). */
const countsOf = {
  paperCount: paperCountOfExam(sql`el_exam.id`).mapWith(Number),
  overrideCount: sql<number>`(select count(*) from el_exam_override o where o.exam_id = el_exam.id)`.mapWith(Number),
};

function toRecord(
  e: ExamRow,
  tmpl: { title: string; totalScore: number } | null,
  now: Date,
  counts: Counts,
): TExamRecord {
  return {
    id: e.id,
    title: e.title,
    cover: e.cover,
    tmplId: e.tmplId,
    tmplTitle: tmpl?.title ?? null,
    openType: e.openType,
    startTime: e.startTime.toISOString(),
    endTime: e.endTime.toISOString(),
    duration: e.duration,
    totalScore: tmpl?.totalScore ?? 0,
    passScore: e.passScore,
    tryLimit: e.tryLimit,
    state: e.state,
    timeState: timeStateOf(e, now),
    createdAt: e.createdAt.toISOString(),
    paperCount: counts.paperCount,
    archivedAt: e.archivedAt ? e.archivedAt.toISOString() : null,
    overrideCount: counts.overrideCount,
  };
}

/** Exams for the admin list, newest first. */
export async function examPaging(
  db: Db,
  params: { title?: string | null; state?: number | null; openType?: number | null; archived?: boolean | null },
  current: number,
  size: number,
  now: Date,
) {
  const where = and(
    isNull(elExam.deletedAt),
    params.archived ? isNotNull(elExam.archivedAt) : isNull(elExam.archivedAt),
    params.title ? ilike(elExam.title, containing(params.title)) : undefined,
    params.state !== null && params.state !== undefined ? eq(elExam.state, params.state) : undefined,
    params.openType ? eq(elExam.openType, params.openType) : undefined,
  );
  return paginate(
    { current, size },
    db.select({ n: count() }).from(elExam).where(where),
    db
      .select({ e: elExam, title: elPaperTmpl.title, totalScore: elPaperTmpl.totalScore, ...countsOf })
      .from(elExam)
      .leftJoin(elPaperTmpl, eq(elPaperTmpl.id, elExam.tmplId))
      .where(where)
      .orderBy(desc(elExam.createdAt))
      .$dynamic(),
    (r) => toRecord(r.e, r.title === null ? null : { title: r.title, totalScore: r.totalScore ?? 0 }, now, r),
  );
}

/**
 * Creates or updates an exam; answers its id. The pass score may not exceed the paper's total.
 * Once a paper has started, the paper, pass mark and marking settings are locked (exam-archive.ts);
 * an archived exam must be restored before it is edited.
 */
export async function saveExam(db: Db, input: TExamSave, userId: string): Promise<string> {
  const v = input as ExamInput;
  const [tmpl] = await db
    .select({ totalScore: elPaperTmpl.totalScore })
    .from(elPaperTmpl)
    .where(and(eq(elPaperTmpl.id, v.tmplId), isNull(elPaperTmpl.deletedAt)));
  if (!tmpl) throw badParams('试卷不存在或已被删除');
  if (v.passScore > tmpl.totalScore) throw badParams(`及格分不能超过试卷总分（${tmpl.totalScore}分）`);
  const values = {
    title: v.title,
    content: v.content ? sanitizeRichText(v.content) : null,
    cover: v.cover ?? null,
    tmplId: v.tmplId,
    openType: v.openType,
    deptIds: v.openType === 2 ? v.deptIds : [],
    userIds: v.openType === 3 ? v.userIds : [],
    password: v.openType === 9 ? (v.password ?? null) : null,
    startTime: new Date(v.startTime),
    endTime: new Date(v.endTime),
    duration: v.duration,
    passScore: v.passScore,
    tryLimit: v.tryLimit,
    handMinMinutes: v.handMinMinutes,
    lateMinutes: v.lateMinutes,
    shuffleQu: v.shuffleQu,
    shuffleOpt: v.shuffleOpt,
    resultShow: v.resultShow,
    reviewAfter: v.reviewAfter,
    fullScreen: v.fullScreen,
    allowFocusMode: v.allowFocusMode,
    showRank: v.showRank,
    leaveLimit: v.leaveLimit,
    noCopy: v.noCopy,
    cycleType: v.cycleType,
    kindSettings: v.kindSettings,
    // The mode may change after papers exist (it is not in the locked set): the door and the room
    // read it when a paper starts or opens, so a change affects only starts from then on and never
    // takes a started attempt's answers away.
    proctor: { ...PROCTOR_OFF, ...v.proctor },
    state: v.state,
  };
  if (!v.id) {
    const [row] = await db
      .insert(elExam)
      .values({ ...values, createdBy: userId })
      .returning({ id: elExam.id });
    return row.id;
  }
  const id = v.id;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ archivedAt: elExam.archivedAt })
      .from(elExam)
      .where(and(eq(elExam.id, id), isNull(elExam.deletedAt)));
    if (!current) throw notFound('考试');
    if (current.archivedAt) throw conflict('考试已归档，请先恢复后再修改');
    await assertLockedUnchanged(tx, id, values);
    const [row] = await tx
      .update(elExam)
      .set(values)
      .where(and(eq(elExam.id, id), isNull(elExam.deletedAt)))
      .returning({ id: elExam.id });
    if (!row) throw notFound('考试');
    return row.id;
  });
}

/** Everything the edit form needs. */
export async function examDetail(db: Db, id: string, now: Date): Promise<TExamDetail> {
  const [r] = await db
    .select({ e: elExam, title: elPaperTmpl.title, totalScore: elPaperTmpl.totalScore, ...countsOf })
    .from(elExam)
    .leftJoin(elPaperTmpl, eq(elPaperTmpl.id, elExam.tmplId))
    .where(and(eq(elExam.id, id), isNull(elExam.deletedAt)));
  if (!r) throw notFound('考试');
  const e = r.e;
  return {
    ...toRecord(e, r.title === null ? null : { title: r.title, totalScore: r.totalScore ?? 0 }, now, r),
    content: e.content,
    deptIds: e.deptIds,
    userIds: e.userIds,
    password: e.password,
    handMinMinutes: e.handMinMinutes,
    lateMinutes: e.lateMinutes,
    shuffleQu: e.shuffleQu,
    shuffleOpt: e.shuffleOpt,
    resultShow: e.resultShow,
    reviewAfter: e.reviewAfter,
    fullScreen: e.fullScreen,
    allowFocusMode: e.allowFocusMode,
    showRank: e.showRank,
    leaveLimit: e.leaveLimit,
    noCopy: e.noCopy,
    cycleType: e.cycleType,
    kindSettings: kindSettingsOf(e.kindSettings),
    proctor: { ...PROCTOR_OFF, ...e.proctor },
    lockedReason: lockReasonOf(r.paperCount),
  };
}

/** Publishes, closes or returns exams to draft. */
export async function setExamState(db: Db, ids: string[], state: number): Promise<void> {
  const rows = await db
    .update(elExam)
    .set({ state })
    .where(and(inArray(elExam.id, ids), isNull(elExam.deletedAt), isNull(elExam.archivedAt)))
    .returning({ id: elExam.id });
  if (rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, '考试不存在或已被删除');
}
