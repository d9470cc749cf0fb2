/** Regrading (重新评分): correcting one question of an exam and regrading its papers. */
import { z } from 'zod';

export const ZRegradeExamSchema = z.object({ examId: z.string().min(1).describe('考试ID') });

/** One question of the exam's papers that can be corrected (composite parents are not: their children are). */
export const ZRegradeQuSchema = z.object({
  quId: z.string().describe('题目ID'),
  type: z.number().describe('题型'),
  content: z.string().describe('题干'),
  score: z.number().describe('分值'),
  sort: z.number().describe('题号'),
  parentContent: z.string().nullable().describe('所属组合题题干'),
  paperCount: z.number().describe('已交卷答卷数'),
  /** 'choice': the right options can be changed; 'answer': the key as written (填空); 'none': score only. */
  keyEdit: z.enum(['choice', 'answer', 'none']).describe('可更正的答案形式'),
  options: z.array(z.object({ content: z.string(), isRight: z.boolean() })).describe('选项（选择类题型，含正确标记）'),
  refAnswer: z.unknown().describe('参考答案'),
});
export type TRegradeQu = z.infer<typeof ZRegradeQuSchema>;

const ZBlankKeySchema = z.object({
  blanks: z
    .array(
      z.object({
        answers: z.array(z.string().trim().min(1).max(200)).min(1).max(20).describe('可接受答案'),
        tolerance: z.number().min(0).max(1e12).nullish().describe('数值误差范围'),
      }),
    )
    .min(1)
    .max(50)
    .describe('各空答案'),
  caseSensitive: z.boolean().default(false).describe('区分大小写'),
  widthSensitive: z.boolean().default(false).describe('区分全半角'),
  orderMatters: z.boolean().default(true).describe('答案顺序固定'),
});

export const ZRegradeStartSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  quId: z.string().min(1).describe('题目ID'),
  score: z.number().min(0, '分值不能小于0').max(1000).nullish().describe('更正后的分值'),
  rightContents: z.array(z.string()).max(26).nullish().describe('更正后的正确选项（选项内容）'),
  answer: ZBlankKeySchema.nullish().describe('更正后的答案（填空题）'),
  reason: z.string().trim().min(1, '请填写更正原因').max(500).describe('更正原因'),
});
export type TRegradeStart = z.infer<typeof ZRegradeStartSchema>;

export const ZRegradeJobSchema = z.object({
  id: z.string().describe('任务ID'),
  examId: z.string().describe('考试ID'),
  quId: z.string().describe('题目ID'),
  quContent: z.string().nullable().describe('题干'),
  oldScore: z.number().describe('原分值'),
  newScore: z.number().describe('新分值'),
  keyChanged: z.boolean().describe('是否更正答案'),
  reason: z.string().describe('更正原因'),
  state: z.number().describe('状态：0排队 1进行中 2已完成 3失败'),
  total: z.number().describe('答卷总数'),
  processed: z.number().describe('已处理'),
  changed: z.number().describe('成绩变化的答卷数'),
  passToFail: z.number().describe('由通过变为未通过'),
  failToPass: z.number().describe('由未通过变为通过'),
  error: z.string().nullable().describe('失败原因'),
  createdByName: z.string().nullable().describe('更正人'),
  createdAt: z.string().describe('创建时间'),
  finishedAt: z.string().nullable().describe('完成时间'),
});
export type TRegradeJob = z.infer<typeof ZRegradeJobSchema>;

export const ZRegradeReportParamsSchema = z.object({
  jobId: z.string().min(1).describe('任务ID'),
  onlyResultChanged: z.boolean().nullish().describe('只看通过状态变化'),
});

export const ZRegradeItemSchema = z.object({
  paperId: z.string().describe('答卷ID'),
  userId: z.string().describe('考生ID'),
  realName: z.string().nullable().describe('考生姓名'),
  deptName: z.string().nullable().describe('部门'),
  scoreBefore: z.number().describe('原成绩'),
  scoreAfter: z.number().describe('新成绩'),
  passedBefore: z.boolean().describe('原结果'),
  passedAfter: z.boolean().describe('新结果'),
  quBefore: z.number().describe('该题原得分'),
  quAfter: z.number().describe('该题新得分'),
  paperState: z.number().describe('答卷状态'),
  hasCert: z.boolean().describe('由通过变为未通过且曾获证书（证书随之自动撤销）'),
});
export type TRegradeItem = z.infer<typeof ZRegradeItemSchema>;
