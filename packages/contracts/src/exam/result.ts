/** Results of an exam for administrators: /api/exam/result/*. */
import { z } from 'zod';

export const ZExamIdSchema = z.object({ examId: z.string().min(1).describe('考试ID') });

export const ZResultExamPagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('考试名称'),
});

export const ZResultExamRecordSchema = z.object({
  examId: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  startTime: z.string().describe('开始时间'),
  endTime: z.string().describe('结束时间'),
  participants: z.number().describe('参考人数'),
  attempts: z.number().describe('答卷数'),
  awaitingMark: z.number().describe('待阅卷数'),
  passedUsers: z.number().describe('通过人数'),
});

export const ZParticipantPagingParamsSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  realName: z.string().trim().max(50).nullish().describe('姓名'),
  passed: z.boolean().nullish().describe('是否通过'),
});

export const ZParticipantSchema = z.object({
  userId: z.string().describe('用户ID'),
  userName: z.string().nullable().describe('用户名'),
  realName: z.string().nullable().describe('姓名'),
  deptName: z.string().nullable().describe('部门'),
  tryCount: z.number().describe('考试次数'),
  bestScore: z.number().nullable().describe('最高分'),
  lastScore: z.number().nullable().describe('最近得分'),
  passed: z.boolean().describe('是否通过'),
  resultLabel: z.string().describe('考试结果'),
  lastTime: z.string().nullable().describe('最近交卷时间'),
});

export const ZAttemptPagingParamsSchema = z.object({
  examId: z.string().min(1).describe('考试ID'),
  userId: z.string().nullish().describe('用户ID'),
  state: z.number().int().nullish().describe('试卷状态'),
});

export const ZExamStatSchema = z.object({
  examId: z.string().describe('考试ID'),
  totalScore: z.number().describe('总分'),
  passScore: z.number().describe('及格分'),
  participants: z.number().describe('参考人数'),
  attempts: z.number().describe('答卷数（含未完成）'),
  finished: z.number().describe('已完成答卷数（不含作废）'),
  awaitingMark: z.number().describe('待阅卷数'),
  passedAttempts: z.number().describe('通过答卷数'),
  passRate: z.number().describe('通过率（通过答卷/已完成答卷，0-1）'),
  passedUsers: z.number().describe('通过人数'),
  avgScore: z.number().nullable().describe('平均分'),
  maxScore: z.number().nullable().describe('最高分'),
  minScore: z.number().nullable().describe('最低分'),
  distribution: z
    .array(
      z.object({
        label: z.string().describe('分数段'),
        from: z.number().describe('起（含）'),
        to: z.number().describe('止（最后一段含）'),
        count: z.number().describe('人次'),
      }),
    )
    .describe('分数分布（按总分十等分）'),
});

export const ZQuStatSchema = z.object({
  quId: z.string().describe('题目ID'),
  type: z.number().describe('题型'),
  content: z.string().describe('题干'),
  score: z.number().describe('分值'),
  answered: z.number().describe('作答人次'),
  rightCount: z.number().describe('答对人次'),
  correctRate: z.number().describe('正确率（0-1）'),
  avgScore: z.number().describe('平均得分'),
  difficulty: z.number().describe('难度（1-平均得分率，越大越难）'),
  discrimination: z.number().nullable().describe('区分度（高分组27%正确率-低分组27%正确率）'),
});

export const ZVoidSchema = z.object({
  paperId: z.string().min(1).describe('试卷ID'),
  reason: z.string().trim().min(1, '请输入作废原因').max(500).describe('作废原因'),
});
