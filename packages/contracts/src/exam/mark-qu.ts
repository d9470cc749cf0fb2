/** Marking by question (按题阅卷): one question across all papers, blind, optional second marking. */
import { z } from 'zod';

export const ZMarkQuExamSchema = z.object({ examId: z.string().min(1).describe('考试ID') });

export const ZMarkQuQuestionSchema = z.object({
  quId: z.string().describe('题目ID'),
  content: z.string().describe('题干'),
  score: z.number().describe('满分'),
  sort: z.number().describe('题号'),
  answers: z.number().describe('需人工评分的答案数'),
  waiting: z.number().describe('待我评分'),
  arbitration: z.number().describe('待仲裁'),
  done: z.number().describe('已定分'),
});

export const ZMarkQuListSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  quId: z.string().min(1).describe('题目ID'),
});

/** One answer to mark; no name, no user id: 考生N is its number among the exam's papers. */
export const ZMarkQuAnswerSchema = z.object({
  paperId: z.string().describe('答卷ID'),
  alias: z.string().describe('匿名编号（考生N）'),
  answer: z.unknown().describe('考生作答'),
  suggestScore: z.number().nullable().describe('建议得分（按关键词）'),
  /** Only in the arbitration list: the two markers' scores (no marker names). */
  marks: z.array(z.number()).describe('两位阅卷人的评分（仅仲裁列表）'),
});

export const ZMarkQuBoardSchema = z.object({
  examId: z.string().describe('考试ID'),
  quId: z.string().describe('题目ID'),
  content: z.string().describe('题干'),
  fullScore: z.number().describe('满分'),
  reference: z.string().nullable().describe('参考答案'),
  keywords: z.array(z.object({ word: z.string(), weight: z.number() })).describe('关键词及权重'),
  doubleMark: z.boolean().describe('是否双评'),
  gap: z.number().describe('双评分差阈值'),
  items: z.array(ZMarkQuAnswerSchema).describe('答案'),
});
export type TMarkQuBoard = z.infer<typeof ZMarkQuBoardSchema>;

export const ZMarkQuSaveSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  quId: z.string().min(1).describe('题目ID'),
  paperId: z.string().min(1).describe('答卷ID'),
  score: z.number({ error: '得分必须是数字' }).min(0, '得分不能小于0').describe('得分'),
  comment: z.string().max(2000).nullish().describe('评语'),
  /** The score is the keyword suggestion, taken with one click (stored with the mark). */
  tookSuggestion: z.boolean().optional().describe('采用建议得分'),
});

export const ZMarkQuSaveResultSchema = z.object({
  paperId: z.string().describe('答卷ID'),
  /** final: the score is the question's score; waiting: a second marker is needed; arbitration: the gap was exceeded. */
  outcome: z.enum(['final', 'waiting', 'arbitration']).describe('结果'),
  finalScore: z.number().nullable().describe('最终得分'),
});

export const ZMarkSettingSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  doubleMark: z.boolean().describe('双评'),
  gap: z.number().min(0, '分差阈值不能小于0').max(1000).describe('分差阈值'),
});
export type TMarkSetting = z.infer<typeof ZMarkSettingSchema>;
