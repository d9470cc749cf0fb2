/**
 * Printing (PDF papers) and reports across exams: a learner's transcript, a
 * department comparison and an exam-over-time view, each exportable as xlsx.
 */
import { z } from 'zod';

/** A paper to print: an exam's paper or a template, blank or with the key. */
export const ZPrintPaperSchema = z
  .object({
    examId: z.string().max(64).nullish().describe('考试ID'),
    tmplId: z.string().max(64).nullish().describe('试卷ID'),
    withKey: z.boolean().default(false).describe('是否附答案'),
  })
  .refine((v) => Boolean(v.examId || v.tmplId), { message: '考试ID或试卷ID必须填写一个', path: ['examId'] });
export type TPrintPaper = z.infer<typeof ZPrintPaperSchema>;

export const ZPrintAnsweredSchema = z.object({ paperId: z.string().min(1).max(64).describe('答卷ID') });

/** A period of exams (by their start time); both ends optional. */
const period = {
  from: z.iso.datetime({ offset: true }).nullish().describe('开始时间（起）'),
  to: z.iso.datetime({ offset: true }).nullish().describe('开始时间（止）'),
};

export const ZTranscriptQuerySchema = z.object({ userId: z.string().min(1).max(64).describe('学员ID') });

export const ZTranscriptRowSchema = z.object({
  examId: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  examStart: z.string().describe('考试开始时间'),
  tryCount: z.number().describe('参考次数'),
  bestScore: z.number().nullable().describe('最高分'),
  lastScore: z.number().nullable().describe('最近得分'),
  totalScore: z.number().describe('试卷总分'),
  passScore: z.number().describe('及格分'),
  /** Best score / total, 0-1: comparable across exams of different totals. */
  bestRate: z.number().nullable().describe('最高得分率（0-1）'),
  passed: z.boolean().describe('是否通过'),
  lastTime: z.string().nullable().describe('最近交卷时间'),
});
export const ZTranscriptSchema = z.object({
  user: z.object({
    id: z.string(),
    userName: z.string().describe('用户名'),
    realName: z.string().describe('姓名'),
    deptName: z.string().nullable().describe('部门'),
  }),
  exams: z.number().describe('参加考试数'),
  passedExams: z.number().describe('通过考试数'),
  avgRate: z.number().nullable().describe('平均得分率（0-1）'),
  rows: z.array(ZTranscriptRowSchema).describe('每场考试，按考试时间'),
});
export type TTranscript = z.infer<typeof ZTranscriptSchema>;
export type TTranscriptRow = z.infer<typeof ZTranscriptRowSchema>;

export const ZDeptReportQuerySchema = z.object({
  ...period,
  examId: z.string().max(64).nullish().describe('考试ID'),
});
export type TDeptReportQuery = z.infer<typeof ZDeptReportQuerySchema>;

export const ZDeptReportRowSchema = z.object({
  deptId: z.string().nullable().describe('部门ID'),
  deptName: z.string().describe('部门'),
  learners: z.number().describe('参考人数'),
  papers: z.number().describe('已完成答卷数'),
  passedPapers: z.number().describe('通过答卷数'),
  passRate: z.number().describe('通过率（0-1）'),
  avgScore: z.number().describe('平均分'),
  avgRate: z.number().describe('平均得分率（0-1）'),
});
export type TDeptReportRow = z.infer<typeof ZDeptReportRowSchema>;

export const ZExamTrendQuerySchema = z.object({
  ...period,
  title: z.string().trim().max(100).nullish().describe('考试名称'),
});
export type TExamTrendQuery = z.infer<typeof ZExamTrendQuerySchema>;

export const ZExamTrendRowSchema = z.object({
  examId: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  startTime: z.string().describe('开始时间'),
  totalScore: z.number().describe('试卷总分'),
  learners: z.number().describe('参考人数'),
  papers: z.number().describe('已完成答卷数'),
  passRate: z.number().describe('通过率（0-1）'),
  avgScore: z.number().describe('平均分'),
  avgRate: z.number().describe('平均得分率（0-1）'),
});
export type TExamTrendRow = z.infer<typeof ZExamTrendRowSchema>;
