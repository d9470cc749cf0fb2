/** Wrong-answer book (错题本): /api/book/{summary, paging, delete, next, submit}. */
import { z } from 'zod';
import { ZQuViewSchema } from '../repo/qu.js';
import { ZAnswerValueSchema } from './paper.js';

export const ZBookPagingParamsSchema = z.object({
  examId: z.string().nullish().describe('考试ID'),
  repoId: z.string().nullish().describe('题库ID'),
  quType: z.number().int().nullish().describe('题型'),
  kpId: z.string().nullish().describe('知识点'),
});

export const ZBookRecordSchema = z.object({
  id: z.string().describe('错题ID'),
  quId: z.string().describe('题目ID'),
  examId: z.string().nullable().describe('考试ID'),
  examTitle: z.string().nullable().describe('考试名称'),
  repoId: z.string().nullable().describe('题库ID'),
  repoTitle: z.string().nullable().describe('题库名称'),
  type: z.number().describe('题型'),
  content: z.string().describe('题干'),
  wrongCount: z.number().describe('错误次数'),
  rightStreak: z.number().describe('连续答对次数'),
  lastWrongAt: z.string().describe('最近答错时间'),
  nextReviewAt: z.string().nullable().describe('下次复习时间'),
});

/** The book's rules (as configured by an administrator) and its entries grouped by exam, bank and kind. */
export const ZBookSummarySchema = z.object({
  leaveStreak: z.number().describe('连续答对几次移出错题本'),
  wrongShare: z.number().describe('部分得分低于满分的百分之几记为答错'),
  total: z.number().describe('错题总数'),
  exams: z.array(z.object({ examId: z.string(), title: z.string(), count: z.number() })).describe('按考试'),
  repos: z.array(z.object({ repoId: z.string(), title: z.string(), count: z.number() })).describe('按题库'),
  types: z.array(z.object({ type: z.number(), count: z.number() })).describe('按题型'),
  /** Entries per knowledge point (a point counts its subtree's questions); points without entries are left out. */
  kps: z
    .array(z.object({ kpId: z.string(), title: z.string(), path: z.string(), count: z.number() }))
    .describe('按知识点'),
});
export type TBookSummary = z.infer<typeof ZBookSummarySchema>;

export const ZBookNextSchema = z.object({
  examId: z.string().nullish().describe('考试ID'),
  repoId: z.string().nullish().describe('题库ID'),
  quType: z.number().int().nullish().describe('题型'),
  kpId: z.string().nullish().describe('知识点'),
  afterId: z.string().nullish().describe('当前错题ID（取其后一道）'),
});

/** A wrong question to redo: the learner view of the question, its answer hidden until the learner submits. */
export const ZBookQuSchema = z.object({
  id: z.string().describe('错题ID'),
  examId: z.string().nullable().describe('考试ID'),
  wrongCount: z.number().describe('错误次数'),
  rightStreak: z.number().describe('连续答对次数'),
  remaining: z.number().describe('其后还有的错题数'),
  question: ZQuViewSchema.describe('题目（不含答案）'),
});

export const ZBookSubmitSchema = z.object({
  id: z.string().min(1).describe('错题ID'),
  answer: ZAnswerValueSchema,
  childAnswers: z.record(z.string(), ZAnswerValueSchema).optional().describe('组合题小题答案'),
});

export const ZBookSubmitResultSchema = z.object({
  isRight: z.boolean().nullable().describe('是否答对（简答题为空）'),
  score: z.number().describe('得分率（0-1，简答题为关键词建议）'),
  showAnswer: z.boolean().describe('是否显示答案'),
  rightOptions: z.array(z.string()).nullable().describe('正确选项'),
  refAnswer: z.unknown().describe('参考答案'),
  analysis: z.string().nullable().describe('解析'),
  rightStreak: z.number().describe('连续答对次数'),
  nextReviewAt: z.string().nullable().describe('下次复习时间'),
  mastered: z.boolean().describe('已连续答对，移出错题本'),
});
