/**
 * The learner's side of exams: the exams open to me (/web/index) with their time state, attempts
 * left and best score, and the facts of the check page (/web/exam/check/:id).
 */
import { EXAM_TIME_STATE_LABELS, ExamState, type TExamCheck, type TOnlineExam } from '@exam/contracts';
import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { elExam, elPaperTmpl, elUserExam } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { containing } from '../../platform/like.js';
import { paginateWith } from '../../platform/paging.js';
import { lockedExams } from '../course/course.module.js';
import { findOpenPaper } from '../sitting/paper.service.js';
import { openAttemptOf } from '../sitting/reads/invigilation.js';
import {
  type ArrangedExam,
  applyOverride,
  arrangedExam,
  arrangementLabel,
  effectiveWindow,
  overrideById,
} from './exam-override.js';
import {
  countAttempts,
  entryRefusal,
  examOpenTo,
  type Learner,
  latestEntryOf,
  loadEntry,
  timeStateOf,
  triesLeftOf,
} from './exam-rules.js';

async function onlineView(
  db: Db,
  arranged: ArrangedExam,
  learner: Learner,
  now: Date,
  totalScore: number,
  zone: string,
  locked: Map<string, string>,
): Promise<TOnlineExam> {
  // The exam as this learner sits it (their window, minutes and attempts).
  const exam = arranged.exam;
  const [record] = await db
    .select()
    .from(elUserExam)
    .where(and(eq(elUserExam.userId, learner.id), eq(elUserExam.examId, exam.id)));
  const tryCount = await countAttempts(db, exam, learner.id, now, zone);
  const open = await openAttemptOf(db, learner.id, exam.id);
  const timeState = timeStateOf(exam, now);
  return {
    id: exam.id,
    title: exam.title,
    cover: exam.cover,
    openType: exam.openType,
    startTime: exam.startTime.toISOString(),
    endTime: exam.endTime.toISOString(),
    duration: exam.duration,
    totalScore,
    passScore: exam.passScore,
    tryLimit: exam.tryLimit,
    cycleType: exam.cycleType,
    timeState,
    timeStateLabel: EXAM_TIME_STATE_LABELS[timeState],
    tryCount,
    triesLeft: triesLeftOf(exam, tryCount),
    bestScore: record?.bestScore ?? null,
    passed: record?.passed ?? false,
    openPaperId: open?.id ?? null,
    lockedReason: locked.get(exam.id) ?? null,
    arrangement: arrangementLabel(arranged.override),
  };
}

/** Published and closed exams open to the learner, running ones first. */
export async function onlinePaging(
  db: Db,
  learner: Learner,
  params: { title?: string | null; timeState?: number | null; openType?: number | null },
  current: number,
  size: number,
  now: Date,
  zone: string,
) {
  const ts = params.timeState;
  const win = effectiveWindow(learner);
  const at = sql`${now.toISOString()}::timestamptz`;
  const where = and(
    isNull(elExam.deletedAt),
    isNull(elExam.archivedAt),
    sql`${elExam.state} in (${ExamState.PUBLISHED}, ${ExamState.CLOSED})`,
    examOpenTo(learner),
    params.title ? ilike(elExam.title, containing(params.title)) : undefined,
    params.openType ? eq(elExam.openType, params.openType) : undefined,
    ts === 0 ? and(eq(elExam.state, ExamState.PUBLISHED), sql`${win.start} > ${at}`) : undefined,
    ts === 1
      ? and(eq(elExam.state, ExamState.PUBLISHED), sql`${win.start} <= ${at}`, sql`${win.end} > ${at}`)
      : undefined,
    ts === 2 ? or(eq(elExam.state, ExamState.CLOSED), sql`${win.end} <= ${at}`) : undefined,
  );
  const order = sql`case when ${elExam.state} = ${ExamState.PUBLISHED} and ${win.start} <= ${at} and ${win.end} > ${at} then 0
    when ${elExam.state} = ${ExamState.PUBLISHED} and ${win.start} > ${at} then 1 else 2 end`;
  return paginateWith(
    { current, size },
    db.select({ n: count() }).from(elExam).where(where),
    db
      .select({ e: elExam, totalScore: elPaperTmpl.totalScore })
      .from(elExam)
      .leftJoin(elPaperTmpl, eq(elPaperTmpl.id, elExam.tmplId))
      .where(where)
      .orderBy(order, asc(win.end))
      .$dynamic(),
    async (rows) => {
      const records: TOnlineExam[] = [];
      const locked = await lockedExams(db, learner, now);
      for (const r of rows)
        records.push(
          await onlineView(db, await arrangedExam(db, r.e, learner), learner, now, r.totalScore ?? 0, zone, locked),
        );
      return records;
    },
  );
}

/** Facts and rules of the check page, including any unfinished attempt. */
export async function examCheck(
  db: Db,
  learner: Learner,
  examId: string,
  now: Date,
  zone: string,
): Promise<TExamCheck> {
  const entry = await loadEntry(db, examId, learner);
  const arranged = applyOverride(entry.exam, await overrideById(db, entry.overrideId));
  const exam = arranged.exam;
  const [tmpl] = await db
    .select({ totalScore: elPaperTmpl.totalScore, quCount: elPaperTmpl.quCount })
    .from(elPaperTmpl)
    .where(eq(elPaperTmpl.id, exam.tmplId));
  const view = await onlineView(
    db,
    arranged,
    learner,
    now,
    tmpl?.totalScore ?? 0,
    zone,
    await lockedExams(db, learner, now),
  );
  const open = await findOpenPaper(db, learner.id);
  const otherOpenPaper = open && open.examId !== exam.id ? open : null;
  let reason: string | null = null;
  if (!view.openPaperId) {
    reason =
      entryRefusal(exam, now) ??
      view.lockedReason ??
      (otherOpenPaper ? `您有正在进行的考试「${otherOpenPaper.title}」，请先完成` : null) ??
      (view.triesLeft === 0 ? '您的考试次数已用完' : null);
  }
  const latest = latestEntryOf(exam);
  return {
    ...view,
    content: exam.content,
    quCount: tmpl?.quCount ?? 0,
    needPassword: arranged.needPassword,
    handMinMinutes: exam.handMinMinutes,
    lateMinutes: exam.lateMinutes,
    latestEntryTime: latest ? latest.toISOString() : null,
    fullScreen: exam.fullScreen,
    allowFocusMode: exam.allowFocusMode,
    leaveLimit: exam.leaveLimit,
    noCopy: exam.noCopy,
    resultShow: exam.resultShow,
    reviewAfter: exam.reviewAfter,
    proctorMode: exam.proctor?.mode ?? 0,
    serverTime: now.toISOString(),
    otherOpenPaper,
    canStart: reason === null,
    reason,
  };
}
