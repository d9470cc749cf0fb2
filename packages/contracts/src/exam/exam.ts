/** Exams (考试): /api/exam/exam/{paging, save, detail, delete, state, online-paging, check}. */
import { z } from 'zod';
import { ZKindSettingsSchema } from '../repo/kinds/settings.js';
import { PROCTOR_OFF, ZProctorSettingSchema } from './proctor.js';

const zMinutes = (label: string, max = 100000) =>
  z
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于0`)
    .max(max)
    .describe(label);

export const ZExamSaveSchema = z
  .object({
    id: z.string().nullish().describe('考试ID（修改时传）'),
    title: z.string().trim().min(1, '请输入考试名称').max(100, '考试名称不能超过100个字符').describe('考试名称'),
    content: z.string().max(5000).nullish().describe('考试说明'),
    cover: z.string().max(500).nullish().describe('封面'),
    tmplId: z.string().min(1, '请选择试卷').describe('试卷'),
    openType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(9)]).describe('开放类型'),
    deptIds: z.array(z.string().min(1)).max(1000).default([]).describe('指定部门'),
    userIds: z.array(z.string().min(1)).max(10000).default([]).describe('指定人员'),
    password: z.string().trim().max(50).nullish().describe('考试密码'),
    startTime: z.iso.datetime({ offset: true, error: '开始时间格式不正确' }).describe('开始时间'),
    endTime: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }).describe('结束时间'),
    duration: zMinutes('考试时长（分钟）'),
    passScore: z.number().min(0, '及格分不能小于0').describe('及格分'),
    tryLimit: zMinutes('允许考试次数', 1000),
    handMinMinutes: zMinutes('最早交卷时间（分钟）'),
    lateMinutes: zMinutes('最晚入场时间（分钟）'),
    shuffleQu: z.boolean().default(false).describe('试题乱序'),
    shuffleOpt: z.boolean().default(false).describe('选项乱序'),
    resultShow: z
      .union([z.literal(1), z.literal(2), z.literal(3)])
      .default(1)
      .describe('交卷后显示'),
    /** 1 right after the attempt, 2 after the last allowed attempt (or the close), 3 after the close, 0 never. */
    reviewAfter: z
      .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
      .default(2)
      .describe('答案与解析查看时机'),
    fullScreen: z.boolean().default(false).describe('强制全屏'),
    /** With fullScreen: devices without the Fullscreen API (iPhone Safari) may sit it in focus mode. */
    allowFocusMode: z.boolean().default(true).describe('不支持全屏的设备允许以专注模式作答'),
    /** The learner's result page shows 第 N 名 / 共 M 人 once the paper is finished. */
    showRank: z.boolean().default(false).describe('成绩排名'),
    leaveLimit: zMinutes('允许切屏次数', 1000).default(0),
    noCopy: z.boolean().default(false).describe('禁止复制粘贴'),
    cycleType: z
      .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
      .default(0)
      .describe('考试周期'),
    /** The question kinds' settings keyed by type (多选题/排序题计分方式): repo/kinds/settings.ts. */
    kindSettings: ZKindSettingsSchema,
    /** 远程监考: identity check at entry, snapshots, second camera (exam/proctor.ts). */
    proctor: ZProctorSettingSchema.default(PROCTOR_OFF).describe('远程监考'),
    state: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .default(0)
      .describe('状态'),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.endTime) <= Date.parse(v.startTime))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间必须晚于开始时间' });
    if (v.openType === 2 && v.deptIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['deptIds'], message: '请选择指定部门' });
    if (v.openType === 3 && v.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: '请选择指定人员' });
    if (v.openType === 9 && !v.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: '请输入考试密码' });
  });
export type TExamSave = z.input<typeof ZExamSaveSchema>;

export const ZExamPagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('考试名称'),
  state: z.number().int().nullish().describe('状态（0草稿 1已发布 2已关闭）'),
  openType: z.number().int().nullish().describe('开放类型'),
  /** true: only archived exams (已归档); otherwise archived ones are left out. */
  archived: z.boolean().nullish().describe('已归档'),
});

export const ZExamRecordSchema = z.object({
  id: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  cover: z.string().nullable().describe('封面'),
  tmplId: z.string().describe('试卷ID'),
  tmplTitle: z.string().nullable().describe('试卷名称'),
  openType: z.number().describe('开放类型'),
  startTime: z.string().describe('开始时间'),
  endTime: z.string().describe('结束时间'),
  duration: z.number().describe('考试时长（分钟，0到结束为止）'),
  totalScore: z.number().describe('总分'),
  passScore: z.number().describe('及格分'),
  tryLimit: z.number().describe('允许考试次数（0不限）'),
  state: z.number().describe('状态（0草稿 1已发布 2已关闭）'),
  timeState: z.number().describe('时间状态（0未开始 1进行中 2已结束）'),
  createdAt: z.string().describe('创建时间'),
  /** Answer sheets of the exam (any state); with papers a delete archives. */
  paperCount: z.number().default(0).describe('答卷数'),
  archivedAt: z.string().nullable().default(null).describe('归档时间'),
  overrideCount: z.number().default(0).describe('个别安排数'),
});
export type TExamRecord = z.infer<typeof ZExamRecordSchema>;

/** Everything the edit form needs. */
export const ZExamDetailSchema = ZExamRecordSchema.extend({
  content: z.string().nullable().describe('考试说明'),
  deptIds: z.array(z.string()).describe('指定部门'),
  userIds: z.array(z.string()).describe('指定人员'),
  password: z.string().nullable().describe('考试密码'),
  handMinMinutes: z.number().describe('最早交卷时间（分钟）'),
  lateMinutes: z.number().describe('最晚入场时间（分钟）'),
  shuffleQu: z.boolean().describe('试题乱序'),
  shuffleOpt: z.boolean().describe('选项乱序'),
  resultShow: z.number().describe('交卷后显示'),
  reviewAfter: z.number().describe('答案与解析查看时机'),
  fullScreen: z.boolean().describe('强制全屏'),
  allowFocusMode: z.boolean().describe('不支持全屏的设备允许以专注模式作答'),
  showRank: z.boolean().describe('成绩排名'),
  leaveLimit: z.number().describe('允许切屏次数'),
  noCopy: z.boolean().describe('禁止复制粘贴'),
  cycleType: z.number().describe('考试周期'),
  kindSettings: ZKindSettingsSchema,
  proctor: ZProctorSettingSchema.describe('远程监考'),
  /** Set once a paper has started: the paper, pass mark and marking settings are locked. */
  lockedReason: z.string().nullable().default(null).describe('锁定原因'),
});
export type TExamDetail = z.infer<typeof ZExamDetailSchema>;

export const ZExamStateSchema = z.object({
  ids: z.array(z.string().min(1)).min(1).max(1000).describe('考试ID列表'),
  state: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('状态'),
});

export const ZOnlinePagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('考试名称'),
  timeState: z.number().int().nullish().describe('时间状态（0未开始 1进行中 2已结束）'),
  openType: z.number().int().nullish().describe('开放类型'),
});

/** An exam open to me (learner home /web/index). */
export const ZOnlineExamSchema = z.object({
  id: z.string().describe('考试ID'),
  title: z.string().describe('考试名称'),
  cover: z.string().nullable().describe('封面'),
  openType: z.number().describe('开放类型'),
  startTime: z.string().describe('开始时间'),
  endTime: z.string().describe('结束时间'),
  duration: z.number().describe('考试时长（分钟）'),
  totalScore: z.number().describe('总分'),
  passScore: z.number().describe('及格分'),
  tryLimit: z.number().describe('允许考试次数（0不限）'),
  cycleType: z.number().describe('考试周期'),
  timeState: z.number().describe('时间状态（0未开始 1进行中 2已结束）'),
  timeStateLabel: z.string().describe('时间状态名称'),
  tryCount: z.number().describe('本周期已考次数'),
  triesLeft: z.number().nullable().describe('剩余次数（不限时为空）'),
  bestScore: z.number().nullable().describe('最高分'),
  passed: z.boolean().describe('是否已通过'),
  openPaperId: z.string().nullable().describe('未完成的试卷ID'),
  /** Set while a linked course is not complete: the exam shows as locked with this reason. */
  lockedReason: z.string().nullish().describe('锁定原因'),
  /** The learner's own arrangement, e.g. 补考 / 个别安排：延长15分钟. */
  arrangement: z.string().nullish().describe('个别安排'),
});
export type TOnlineExam = z.infer<typeof ZOnlineExamSchema>;

/** Facts and rules for /web/exam/check/:id. */
export const ZExamCheckSchema = ZOnlineExamSchema.extend({
  content: z.string().nullable().describe('考试说明'),
  quCount: z.number().describe('题目数量'),
  needPassword: z.boolean().describe('是否需要密码'),
  handMinMinutes: z.number().describe('最早交卷时间（分钟）'),
  lateMinutes: z.number().describe('最晚入场时间（分钟）'),
  latestEntryTime: z.string().nullable().describe('最晚入场时刻'),
  fullScreen: z.boolean().describe('强制全屏'),
  allowFocusMode: z.boolean().describe('不支持全屏的设备允许以专注模式作答'),
  leaveLimit: z.number().describe('允许切屏次数'),
  noCopy: z.boolean().describe('禁止复制粘贴'),
  resultShow: z.number().describe('交卷后显示'),
  reviewAfter: z.number().describe('答案与解析查看时机'),
  /** 监考方式 (exam/proctor.ts ProctorMode): above 0 the check page asks consent and an identity check. */
  proctorMode: z.number().int().default(0).describe('监考方式'),
  serverTime: z.string().describe('服务器当前时间'),
  otherOpenPaper: z
    .object({ paperId: z.string(), examId: z.string(), title: z.string() })
    .nullable()
    .describe('其他考试中未完成的试卷'),
  canStart: z.boolean().describe('是否可以开始'),
  reason: z.string().nullable().describe('不能开始的原因'),
});
export type TExamCheck = z.infer<typeof ZExamCheckSchema>;
