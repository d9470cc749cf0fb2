/**
 * The training manager's home (控制台): what to do next. Each part is null when the viewer lacks
 * the permission that reads it; people figures follow the viewer's data scope.
 */
import { z } from 'zod';

const ZExamRef = z.object({ examId: z.string().describe('考试ID'), title: z.string().describe('考试名称') });

export const ZOverviewMarkingSchema = z.object({
  papers: z.number().describe('待阅试卷数'),
  exams: z.array(ZExamRef.extend({ papers: z.number().describe('待阅试卷') })).describe('按考试'),
});

export const ZOverviewExamSchema = ZExamRef.extend({
  startTime: z.string().describe('开始时间'),
  endTime: z.string().describe('结束时间'),
  sitting: z.number().describe('正在作答'),
  handed: z.number().describe('已交卷'),
  learners: z.number().describe('参加人数'),
});

export const ZOverviewCourseSchema = z.object({
  courseId: z.string().describe('课程ID'),
  title: z.string().describe('课程名称'),
  required: z.boolean().describe('必修'),
  audience: z.number().describe('应学人数'),
  completed: z.number().describe('已完成'),
  rate: z.number().describe('完成率%'),
});

export const ZOverviewOverdueSchema = z.object({
  kind: z.enum(['course', 'exam']).describe('类型'),
  id: z.string().describe('课程或考试ID'),
  title: z.string().describe('名称'),
  endTime: z.string().describe('截止时间'),
  learners: z.number().describe('未完成人数'),
});

export const ZOverviewSetupSchema = z.object({
  key: z.enum(['live', 'assistant', 'sms', 'storage']).describe('项目'),
  title: z.string().describe('名称'),
  done: z.boolean().describe('已配置'),
  detail: z.string().describe('说明'),
  /** The admin page where it is set up (the web shows the link only when the viewer has the menu). */
  path: z.string().describe('设置页面'),
});

export const ZTrainingOverviewSchema = z.object({
  marking: ZOverviewMarkingSchema.nullable().describe('待阅卷'),
  examsToday: z.array(ZOverviewExamSchema).nullable().describe('今日考试'),
  examsWeek: z.array(ZOverviewExamSchema).nullable().describe('本周考试（明日起7天）'),
  courses: z.array(ZOverviewCourseSchema).nullable().describe('课程完成情况'),
  certs: z.object({ total: z.number(), last30: z.number() }).nullable().describe('证书发放'),
  overdue: z.array(ZOverviewOverdueSchema).nullable().describe('逾期未完成'),
  setup: z.array(ZOverviewSetupSchema).nullable().describe('待配置'),
});
export type TTrainingOverview = z.infer<typeof ZTrainingOverviewSchema>;
