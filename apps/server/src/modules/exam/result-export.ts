/** The results of an exam as an xlsx workbook: attempts and per-question statistics. */
import { PAPER_STATE_LABELS, QUESTION_TYPE_LABELS } from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { elExam } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { FileAnswer } from '../../platform/route.js';
import { personColumns, xlsxBook } from '../../platform/xlsx.js';
import { adminRecordPaging } from '../sitting/paper-result.js';
import { examStat, questionStat } from './result-stat.js';

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, '').slice(0, 200);
const PERCENT = '0.00%';
/** Times in the workbook are wall-clock text of the site's time zone. */
export async function exportResults(
  db: Db,
  user: AuthUser,
  examId: string,
  now: Date,
  zone: string,
): Promise<FileAnswer> {
  const [exam] = await db
    .select({ title: elExam.title })
    .from(elExam)
    .where(and(eq(elExam.id, examId)));
  if (!exam) throw notFound('考试');
  const attempts = await adminRecordPaging(db, user, { examId }, 1, 100000, now);
  const stat = await examStat(db, user, examId);
  const qus = await questionStat(db, user, examId);
  const book = xlsxBook(zone);
  book.sheet(
    '考试成绩',
    [
      ...personColumns(),
      { header: '状态', key: 'state', width: 24 },
      { header: '得分', key: 'score', width: 10 },
      { header: '总分', key: 'total', width: 10 },
      { header: '结果', key: 'result', width: 10 },
      { header: '开始时间', key: 'start', width: 20, kind: 'datetime' },
      { header: '交卷时间', key: 'hand', width: 20, kind: 'datetime' },
      { header: '用时（分钟）', key: 'used', width: 12 },
      { header: '是否作废', key: 'voided', width: 10 },
    ],
    attempts.records.map((r) => ({
      userName: r.userName,
      realName: r.realName,
      deptName: r.deptName,
      state: r.stateLabel ?? PAPER_STATE_LABELS[r.state],
      score: r.userScore,
      total: r.totalScore,
      result: r.passed === null ? '' : r.passed ? '通过' : '未通过',
      start: r.startTime,
      hand: r.handTime,
      used: Math.round(r.usedSeconds / 6) / 10,
      voided: r.voided ? '是' : '否',
    })),
  );
  const summary = book.rows('统计', [
    ['考试', exam.title],
    ['参考人数', stat.participants],
    ['已完成答卷', stat.finished],
    ['通过率', stat.passRate],
    ['平均分', stat.avgScore],
    ['最高分', stat.maxScore],
    ['最低分', stat.minScore],
    [],
    ['分数段', '人次'],
    ...stat.distribution.map((b) => [b.label, b.count]),
  ]);
  // Rates are fractions (0.4286) shown as percentages (42.86%), not bare decimals.
  summary.getCell('B4').numFmt = PERCENT;
  const qs = book.rows('试题分析', [
    ['序号', '题型', '题干', '分值', '作答人次', '正确率', '平均得分', '难度', '区分度'],
    ...qus.map((q, i) => [
      i + 1,
      QUESTION_TYPE_LABELS[q.type],
      stripHtml(q.content),
      q.score,
      q.answered,
      q.correctRate,
      q.avgScore,
      q.difficulty,
      q.discrimination,
    ]),
  ]);
  qs.getColumn(6).numFmt = PERCENT;
  return book.toFile(`${exam.title}-成绩.xlsx`);
}
