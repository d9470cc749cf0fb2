/**
 * The organiser's list of an exam's candidates (考生名单): people who registered through the exam's
 * open link, with their fields, status, score, time and flags; filters, export, the interview
 * mark, the result by SMS and the conversion into a learner account.
 */
import { z } from 'zod';
import { zPageRequest } from '../envelope.js';
import { zUserName } from '../system/user.js';
import { zPassword } from '../validators.js';

/** A candidate's status, from its paper: 0 已登记 (no paper), 1 答题中, 2 已交卷 (awaiting marking), 3 已阅卷. */
export const CandidateStatus = { REGISTERED: 0, SITTING: 1, HANDED_IN: 2, MARKED: 3 } as const;
export const CANDIDATE_STATUS_LABELS: Record<number, string> = {
  0: '已登记',
  1: '答题中',
  2: '已交卷',
  3: '已阅卷',
};

const zExamId = z.string().min(1, '请选择考试').describe('考试ID');
const zCandidateIds = z
  .array(z.string().min(1))
  .min(1, '请至少选择一名考生')
  .max(1000, '一次最多操作1000名考生')
  .describe('考生');

/** Filters of the list and the export. */
export const ZCandidateRosterParamsSchema = z
  .object({
    examId: zExamId,
    status: z.number().int().min(0).max(3, '状态只能是0到3').nullish().describe('状态'),
    scoreMin: z.number().min(0).max(100000).nullish().describe('最低分'),
    scoreMax: z.number().min(0).max(100000).nullish().describe('最高分'),
    interview: z.boolean().nullish().describe('面试标记'),
    keyword: z.string().trim().max(64, '关键字不能超过64个字符').nullish().describe('关键字'),
  })
  .refine((p) => p.scoreMin == null || p.scoreMax == null || p.scoreMin <= p.scoreMax, {
    message: '最低分不能大于最高分',
    path: ['scoreMin'],
  });
export type TCandidateRosterParams = z.infer<typeof ZCandidateRosterParamsSchema>;
export const ZCandidateRosterPagingSchema = zPageRequest(ZCandidateRosterParamsSchema);

/** One candidate as the list shows it: mobile and ID number masked (138****0000). */
export const ZCandidateRowSchema = z.object({
  id: z.string().describe('考生ID'),
  name: z.string().nullable().describe('姓名'),
  mobile: z.string().nullable().describe('手机号（脱敏）'),
  idNumber: z.string().nullable().describe('身份证号（脱敏）'),
  company: z.string().nullable().describe('单位'),
  status: z.number().int().describe('状态'),
  score: z.number().nullable().describe('得分'),
  totalScore: z.number().nullable().describe('总分'),
  passed: z.boolean().nullable().describe('是否通过'),
  startTime: z.string().nullable().describe('开始答题'),
  handTime: z.string().nullable().describe('交卷时间'),
  usedSeconds: z.number().nullable().describe('用时（秒）'),
  leaveCount: z.number().int().describe('切屏次数'),
  forcedHand: z.boolean().describe('因切屏超限被强制交卷'),
  voided: z.boolean().describe('答卷已作废'),
  interview: z.boolean().describe('面试标记'),
  registeredAt: z.string().describe('登记时间'),
  convertedUserId: z.string().nullable().describe('已转为学员'),
  erased: z.boolean().describe('个人信息已按保留期限删除'),
});
export type TCandidateRow = z.infer<typeof ZCandidateRowSchema>;

/** One candidate unmasked, for an administrator who may see the exam (each view is logged). */
export const ZCandidateDetailSchema = ZCandidateRowSchema.extend({
  custom: z.array(z.object({ label: z.string(), value: z.string() })).describe('自定义字段'),
  ip: z.string().nullable().describe('登记地址'),
  consentAt: z.string().describe('同意个人信息告知的时间'),
});
export type TCandidateDetail = z.infer<typeof ZCandidateDetailSchema>;

export const ZCandidateInterviewSchema = z.object({
  examId: zExamId,
  ids: zCandidateIds,
  interview: z.boolean().describe('面试标记'),
});
export type TCandidateInterview = z.infer<typeof ZCandidateInterviewSchema>;

export const ZCandidateIdsSchema = z.object({ examId: zExamId, ids: zCandidateIds });
export type TCandidateIds = z.infer<typeof ZCandidateIdsSchema>;

/** What happened to each candidate's result message: never 已发送 for a message not sent. */
export const ZCandidateSmsReportSchema = z.object({
  sent: z.number().int().describe('已发送'),
  failed: z.number().int().describe('未发送'),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      mobile: z.string().nullable().describe('手机号（脱敏）'),
      ok: z.boolean(),
      reason: z.string().nullable().describe('未发送的原因'),
    }),
  ),
  /** The text of the message (the first one sent), so the organiser knows what candidates read. */
  sample: z.string().nullable().describe('短信内容示例'),
});
export type TCandidateSmsReport = z.infer<typeof ZCandidateSmsReportSchema>;

/** Turns a candidate into a learner account in a department (its attempt is kept). */
export const ZCandidateConvertSchema = z.object({
  examId: zExamId,
  id: z.string().min(1).describe('考生ID'),
  deptId: z.string().min(1, '请选择部门').describe('部门'),
  userName: zUserName.nullish().describe('用户名（默认手机号）'),
  password: zPassword.describe('初始密码'),
});
export type TCandidateConvert = z.infer<typeof ZCandidateConvertSchema>;
export const ZCandidateConvertedSchema = z.object({ userId: z.string(), userName: z.string() });

export const ZCandidateOneSchema = z.object({ examId: zExamId, id: z.string().min(1).describe('考生ID') });
export const ZCandidateExamSchema = z.object({ examId: zExamId });
