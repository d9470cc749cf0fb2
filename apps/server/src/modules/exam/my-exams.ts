/**
 * 我的成绩 (/web/paper, /api/paper/paper/my-paging): the learner's (user, exam) records with
 * their exams' titles and the state of the latest attempt. The records and the exams are the exam
 * module's, so the list lives here (it was paper's, reading el_user_exam and el_exam upward).
 */
import { PaperState, paperPaperMyPaging, type TMyExamStatus } from '@exam/contracts';
import { and, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { elExam, elPaper, elUserExam } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { containing } from '../../platform/like.js';
import { paginateWith } from '../../platform/paging.js';
import { route } from '../../platform/route.js';

/**
 * The real state of an exam for the learner (MY_EXAM_STATUS_LABELS): passed once a valid attempt
 * passed, else what became of the latest attempt; 'failed' only for a marked one below the line,
 * so a paper awaiting marking or abandoned is never called 未通过. One SQL expression, so the
 * filter and the label cannot disagree.
 */
const myExamStatus = sql<TMyExamStatus>`case
  when ${elUserExam.passed} then 'passed'
  when ${elPaper.state} = ${PaperState.IN_EXAM} then 'inExam'
  when ${elPaper.voided} then 'voided'
  when ${elPaper.state} = ${PaperState.AWAITING_MARK} then 'pending'
  when ${elPaper.state} = ${PaperState.ABANDONED} then 'abandoned'
  else 'failed' end`;

/** My scores across exams (/web/paper): the (user, exam) records. */
export async function myExamPaging(
  db: Db,
  userId: string,
  params: { title?: string | null; passed?: boolean | null; status?: TMyExamStatus | null },
  current: number,
  size: number,
) {
  // The old passed filter keeps working: true is 通过, false is 未通过 (marked and below the line).
  const status = params.status ?? (params.passed === true ? 'passed' : params.passed === false ? 'failed' : null);
  const where = and(
    eq(elUserExam.userId, userId),
    isNull(elExam.deletedAt),
    params.title ? ilike(elExam.title, containing(params.title)) : undefined,
    status ? sql`${myExamStatus} = ${status}` : undefined,
  );
  return paginateWith(
    { current, size },
    db
      .select({ n: count() })
      .from(elUserExam)
      .innerJoin(elExam, eq(elExam.id, elUserExam.examId))
      .leftJoin(elPaper, eq(elPaper.id, elUserExam.lastPaperId))
      .where(where),
    db
      .select({ r: elUserExam, title: elExam.title, passScore: elExam.passScore, status: myExamStatus })
      .from(elUserExam)
      .innerJoin(elExam, eq(elExam.id, elUserExam.examId))
      .leftJoin(elPaper, eq(elPaper.id, elUserExam.lastPaperId))
      .where(where)
      .orderBy(desc(elUserExam.lastTime))
      .$dynamic(),
    async (rows) => {
      const totals = await totalScoresOf(
        db,
        rows.map((r) => r.r.lastPaperId),
      );
      return rows.map(({ r, title, passScore, status }) => ({
        examId: r.examId,
        status,
        title,
        tryCount: r.tryCount,
        bestScore: r.bestScore,
        lastScore: r.lastScore,
        passed: r.passed,
        totalScore: totals.get(r.lastPaperId ?? '') ?? 0,
        passScore,
        lastTime: r.lastTime?.toISOString() ?? null,
        lastPaperId: r.lastPaperId,
      }));
    },
  );
}

async function totalScoresOf(db: Db, paperIds: (string | null)[]): Promise<Map<string, number>> {
  const ids = paperIds.filter((x): x is string => Boolean(x));
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: elPaper.id, total: elPaper.totalScore })
    .from(elPaper)
    .where(sql`${elPaper.id} in ${ids}`);
  return new Map(rows.map((r) => [r.id, r.total]));
}

/** The route (its path and tag stay the paper's: /api/paper/paper/my-paging under 考试-答题). */
export function registerMyExamRoutes(app: FastifyInstance): void {
  route(app, paperPaperMyPaging, { summary: '我的成绩（按考试）', tags: ['考试-答题'] }, async ({ body, user, deps }) =>
    myExamPaging(deps.db, user.id, body.params, body.current, body.size),
  );
}
