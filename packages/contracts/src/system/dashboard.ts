/** The administrator home's figures. */
import { z } from 'zod';

export const ZDashboardTrendSchema = z.object({
  date: z.string().describe('日期'),
  logins: z.number().describe('登录人次'),
  newUsers: z.number().describe('新增用户'),
});

export const ZDashboardStatSchema = z.object({
  userCount: z.number().describe('用户数'),
  deptCount: z.number().describe('部门数'),
  activeToday: z.number().describe('今日活跃'),
  examCount: z.number().describe('考试数'),
  paperCount: z.number().describe('试卷数'),
  repoCount: z.number().describe('题库数'),
  questionCount: z.number().describe('试题数'),
  trend: z.array(ZDashboardTrendSchema).describe('近14天趋势'),
});
export type TDashboardStat = z.infer<typeof ZDashboardStatSchema>;
