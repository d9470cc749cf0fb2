/** Exams for administrators: paging, save, detail, delete, state (draft / published / closed). */

import type { ZExamSaveSchema } from '@exam/contracts';
import { ErrorCode, PaperState, type TExamDetail, type TExamRecord, type TExamSave } from '@exam/contracts';
import { and, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { elExam, elPaper, elPaperTmpl } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { AppError, badParams, conflict, notFound } from '../../platform/errors.js';
import { page } from '../../platform/route.js';
import { sanitizeRichText } from '../../platform/sanitize-html.js';
import { timeStateOf } from './exam-rules.js';

type ExamRow = typeof elExam.$inferSelect;
type ExamInput = z.output<typeof ZExamSaveSchema>;

function toRecord(e: ExamRow, tmpl: { title: string; totalScore: number } | null, now: Date): TExamRecord {
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
  };
}

/** Exams for the admin list, newest first. */
export async function examPaging(
  db: Db,
  params: { title?: string | null; state?: number | null; openType?: number | null },
  current: number,
  size: number,
  now: Date,
) {
  const where = and(
    isNull(elExam.deletedAt),
    params.title ? ilike(elExam.title, `%${params.title}%`) : undefined,
    params.state !== null && params.state !== undefined ? eq(elExam.state, params.state) : undefined,
    params.openType ? eq(elExam.openType, params.openType) : undefined,
  );
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(elExam)
    .where(where);
  const rows = await db
    .select({ e: elExam, title: elPaperTmpl.title, totalScore: elPaperTmpl.totalScore })
    .from(elExam)
    .leftJoin(elPaperTmpl, eq(elPaperTmpl.id, elExam.tmplId))
    .where(where)
    .orderBy(desc(elExam.createdAt))
    .limit(size)
    .offset((current - 1) * size);
  return page(
    rows.map((r) => toRecord(r.e, r.title === null ? null : { title: r.title, totalScore: r.totalScore ?? 0 }, now)),
    total,
    current,
    size,
  );
}

/** Creates or updates an exam; answers its id. The pass score may not exceed the paper's total. */
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
    fullScreen: v.fullScreen,
    leaveLimit: v.leaveLimit,
    noCopy: v.noCopy,
    cycleType: v.cycleType,
    multiPolicy: v.multiPolicy,
    orderPolicy: v.orderPolicy,
    state: v.state,
  };
  if (!v.id) {
    const [row] = await db
      .insert(elExam)
      .values({ ...values, createdBy: userId })
      .returning({ id: elExam.id });
    return row.id;
  }
  const [row] = await db
    .update(elExam)
    .set(values)
    .where(and(eq(elExam.id, v.id), isNull(elExam.deletedAt)))
    .returning({ id: elExam.id });
  if (!row) throw notFound('考试');
  return row.id;
}

/** Everything the edit form needs. */
export async function examDetail(db: Db, id: string, now: Date): Promise<TExamDetail> {
  const [r] = await db
    .select({ e: elExam, title: elPaperTmpl.title, totalScore: elPaperTmpl.totalScore })
    .from(elExam)
    .leftJoin(elPaperTmpl, eq(elPaperTmpl.id, elExam.tmplId))
    .where(and(eq(elExam.id, id), isNull(elExam.deletedAt)));
  if (!r) throw notFound('考试');
  const e = r.e;
  return {
    ...toRecord(e, r.title === null ? null : { title: r.title, totalScore: r.totalScore ?? 0 }, now),
    content: e.content,
    deptIds: e.deptIds,
    userIds: e.userIds,
    password: e.password,
    handMinMinutes: e.handMinMinutes,
    lateMinutes: e.lateMinutes,
    shuffleQu: e.shuffleQu,
    shuffleOpt: e.shuffleOpt,
    resultShow: e.resultShow,
    fullScreen: e.fullScreen,
    leaveLimit: e.leaveLimit,
    noCopy: e.noCopy,
    cycleType: e.cycleType,
    multiPolicy: e.multiPolicy,
    orderPolicy: e.orderPolicy,
  };
}

/** Soft-deletes exams; refused while a learner is sitting one of them. */
export async function deleteExams(db: Db, ids: string[], now: Date): Promise<void> {
  const [open] = await db
    .select({ title: elPaper.title })
    .from(elPaper)
    .where(and(inArray(elPaper.examId, ids), eq(elPaper.state, PaperState.IN_EXAM)))
    .limit(1);
  if (open) throw conflict(`考试「${open.title}」有考生正在作答，不能删除`);
  await db
    .update(elExam)
    .set({ deletedAt: now })
    .where(and(inArray(elExam.id, ids), isNull(elExam.deletedAt)));
}

/** Publishes, closes or returns exams to draft. */
export async function setExamState(db: Db, ids: string[], state: number): Promise<void> {
  const rows = await db
    .update(elExam)
    .set({ state })
    .where(and(inArray(elExam.id, ids), isNull(elExam.deletedAt)))
    .returning({ id: elExam.id });
  if (rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, '考试不存在或已被删除');
}
