/** Marking (阅卷): /api/paper/mark/{paging, detail, save}. */
import { z } from 'zod';
import { ZReviewQuSchema } from './paper.js';

export const ZMarkPagingParamsSchema = z.object({
  examId: z.string().nullish().describe('考试ID'),
  realName: z.string().trim().max(50).nullish().describe('考生姓名'),
});

export const ZMarkRecordSchema = z.object({
  paperId: z.string().describe('试卷ID'),
  examId: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  userId: z.string().describe('考生ID'),
  realName: z.string().nullable().describe('考生姓名'),
  deptName: z.string().nullable().describe('部门'),
  handTime: z.string().nullable().describe('交卷时间'),
  objScore: z.number().describe('客观题得分'),
  pendingCount: z.number().describe('待评分题数'),
});

/** A question to mark: the learner's answer beside the reference answer and keywords. */
export const ZMarkQuSchema = ZReviewQuSchema.extend({
  suggestScore: z.number().nullable().describe('建议得分（按关键词）'),
  keywords: z.array(z.object({ word: z.string(), weight: z.number() })).describe('关键词及分值'),
  reference: z.string().nullable().describe('参考答案'),
  needMark: z.boolean().describe('是否需要人工评分'),
  /** Marked by hand: the marker took the keyword suggestion rather than scoring it (null: not marked by hand). */
  suggestTaken: z.boolean().nullable().describe('采用了建议得分'),
});

export const ZMarkDetailSchema = z.object({
  paperId: z.string().describe('试卷ID'),
  examId: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  state: z.number().describe('试卷状态'),
  realName: z.string().nullable().describe('考生姓名'),
  totalScore: z.number().describe('总分'),
  passScore: z.number().describe('及格分'),
  objScore: z.number().describe('客观题得分'),
  subjScore: z.number().describe('主观题得分'),
  /** The exam asks for double marking: scored by question only, the by-paper save is refused. */
  doubleMark: z.boolean().describe('双评（需在按题阅卷中评分）'),
  questions: z.array(ZMarkQuSchema).describe('题目'),
});

export const ZMarkSaveSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  items: z
    .array(
      z.object({
        quId: z.string().min(1).describe('题目ID'),
        score: z.number({ error: '得分必须是数字' }).min(0, '得分不能小于0').describe('得分'),
        comment: z.string().max(2000).nullish().describe('评语'),
        /** The score is the keyword suggestion, taken with one click (stored with the mark). */
        tookSuggestion: z.boolean().optional().describe('采用建议得分'),
      }),
    )
    .min(1, '请至少评分一道题')
    .max(500)
    .describe('评分'),
});

export const ZMarkSaveResultSchema = z.object({
  paperId: z.string().describe('试卷ID'),
  state: z.number().describe('试卷状态（全部评完后为2已完成）'),
  pendingCount: z.number().describe('剩余待评分题数'),
  userScore: z.number().describe('当前总得分'),
});
