/**
 * Printing: an exam's paper (or a template) blank or with the key, and a learner's
 * answered paper with the marks. The answered paper is the administrator's only when its learner
 * lies in their data scope, and only once handed in.
 */
import { ErrorCode, PAPER_STATE_LABELS, type TPrintPaper } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { elExam } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { AppError, badParams, notFound } from '../../../platform/errors.js';
import type { FileAnswer } from '../../../platform/route.js';
import { formatLocalDateTime } from '../../../platform/time-zone.js';
import { buildPaperQuestions, isBlueprintSection, isRuleSection, loadTmpl } from '../../paper/paper-build.js';
import { paperInScope, paperQuestionRows, paperWithLearner } from '../../sitting/reads/results.js';
import type { ScopeHolder } from '../../system/data-scope.js';
import { renderPaperPdf } from './print-pdf.js';
import { type PrintRow, printBlocks } from './print-text.js';

const PDF = 'application/pdf';
const fmt = (n: number) => String(Math.round(n * 100) / 100);
/** A file name without characters that file systems refuse. */
const safeName = (s: string) => s.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80);

/** The paper of an exam or of a template: blank, or with the key and analysis. */
export async function printPaper(db: Executor, body: TPrintPaper): Promise<FileAnswer> {
  let exam: typeof elExam.$inferSelect | undefined;
  if (body.examId) {
    [exam] = await db.select().from(elExam).where(eq(elExam.id, body.examId));
    if (!exam) throw notFound('考试');
  }
  const tmplId = exam?.tmplId ?? body.tmplId;
  if (!tmplId) throw badParams('考试ID或试卷ID必须填写一个');
  const tmpl = await loadTmpl(db, tmplId);
  const built = await buildPaperQuestions(db, tmpl.sections, { shuffleQu: false, shuffleOpt: false });
  const rows: PrintRow[] = built.map((q) => ({ ...q, answer: null }));
  const mode = body.withKey ? 'key' : 'blank';
  const title = exam?.title ?? tmpl.title;
  const info = [
    `试卷：${tmpl.title}    总分：${fmt(tmpl.totalScore)}分    题数：${rows.filter((r) => !r.parentQuId).length}`,
  ];
  if (exam)
    info.push(`及格分：${fmt(exam.passScore)}分    考试时长：${exam.duration ? `${exam.duration}分钟` : '不限'}`);
  if (tmpl.sections.some(isRuleSection)) info.push('本试卷按规则随机抽题，此份为打印时抽取的一套');
  else if (tmpl.sections.some(isBlueprintSection)) info.push('本试卷按组卷蓝图抽题，此份为打印时按蓝图抽取的一套');
  if (body.withKey) info.push('（含答案与解析，请妥善保管）');
  const pdf = await renderPaperPdf({ title, info, mode }, printBlocks(rows, mode));
  return { fileName: `${safeName(title)}-${body.withKey ? '答案卷' : '空白卷'}.pdf`, contentType: PDF, body: pdf };
}

/** A handed-in paper with the learner's answers, marks and the key. */
export async function printAnswered(
  db: Executor,
  admin: ScopeHolder,
  paperId: string,
  zone: string,
): Promise<FileAnswer> {
  const paper = await paperWithLearner(db, paperId);
  if (!paper) throw notFound('答卷');
  if (!(await paperInScope(db, admin, paperId)))
    throw new AppError(ErrorCode.NO_PERMISSION, '该答卷的学员不在您的数据权限范围内');
  const p = paper.p;
  if (p.state === 0) throw new AppError(ErrorCode.CONFLICT, '该答卷仍在考试中，交卷后才能打印');
  const rows = await paperQuestionRows(db, paperId);
  const result = p.voided ? '已作废' : p.state === 2 ? (p.passed ? '通过' : '未通过') : PAPER_STATE_LABELS[p.state];
  const info = [
    `考生：${paper.realName ?? ''}（${paper.userName ?? ''}）    部门：${paper.deptName ?? '—'}`,
    `得分：${fmt(p.userScore)} / ${fmt(p.totalScore)}分    及格分：${fmt(p.passScore)}分    结果：${result}`,
    `开始：${formatLocalDateTime(p.startTime, zone)}    交卷：${p.handTime ? formatLocalDateTime(p.handTime, zone) : '—'}`,
  ];
  if (p.voided) info.push(`作废原因：${p.voidReason ?? ''}`);
  const pdf = await renderPaperPdf(
    { title: p.title, info, mode: 'answered' },
    printBlocks(
      rows.map((r) => ({ ...r })),
      'answered',
    ),
  );
  return { fileName: `${safeName(p.title)}-${safeName(paper.realName ?? '答卷')}.pdf`, contentType: PDF, body: pdf };
}
