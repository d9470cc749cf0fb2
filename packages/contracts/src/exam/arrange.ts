/**
 * Per-learner / per-department arrangements of an exam (个别安排) and re-sits (补考):
 * /api/exam/exam/{override-list, override-save, override-delete, resit-preview, resit}.
 */
import { z } from 'zod';

/** 1 arrangement, 2 re-sit. */
export const OverrideKind = { ARRANGE: 1, RESIT: 2 } as const;
export const OVERRIDE_KIND_LABELS: Record<number, string> = { 1: '个别安排', 2: '补考' };

const zTime = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式不正确` }).describe(label);

export const ZExamOverrideSaveSchema = z
  .object({
    id: z.string().nullish().describe('安排ID（修改时传）'),
    examId: z.string().min(1, '请选择考试').describe('考试'),
    /** 1 a learner, 2 a department (and its sub-departments). */
    targetType: z.union([z.literal(1), z.literal(2)], { error: '请选择安排对象类型' }).describe('安排对象类型'),
    userId: z.string().nullish().describe('考生'),
    deptId: z.string().nullish().describe('部门'),
    startTime: zTime('开始时间').nullish(),
    endTime: zTime('结束时间').nullish(),
    extraMinutes: z
      .number({ error: '延长时间必须是整数' })
      .int('延长时间必须是整数')
      .min(0, '延长时间不能小于0')
      .max(1440, '延长时间不能超过1440分钟')
      .default(0)
      .describe('延长时间（分钟）'),
    extraTries: z
      .number({ error: '增加次数必须是整数' })
      .int('增加次数必须是整数')
      .min(0, '增加次数不能小于0')
      .max(100, '增加次数不能超过100次')
      .default(0)
      .describe('增加考试次数'),
    password: z.string().trim().max(50, '考试密码不能超过50个字符').nullish().describe('考试密码'),
    note: z.string().trim().max(200, '备注不能超过200个字符').nullish().describe('备注'),
  })
  .superRefine((v, ctx) => {
    if (v.targetType === 1 && !v.userId) ctx.addIssue({ code: 'custom', path: ['userId'], message: '请选择考生' });
    if (v.targetType === 2 && !v.deptId) ctx.addIssue({ code: 'custom', path: ['deptId'], message: '请选择部门' });
    if (!!v.startTime !== !!v.endTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: '时间窗口的开始和结束时间须同时填写' });
    if (v.startTime && v.endTime && Date.parse(v.endTime) <= Date.parse(v.startTime))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间必须晚于开始时间' });
    if (!v.startTime && !v.extraMinutes && !v.extraTries && !v.password)
      ctx.addIssue({
        code: 'custom',
        path: ['startTime'],
        message: '请至少设置一项安排（时间窗口、延长时间、增加次数或考试密码）',
      });
  });
export type TExamOverrideSave = z.input<typeof ZExamOverrideSaveSchema>;

export const ZExamOverrideRecordSchema = z.object({
  id: z.string().describe('安排ID'),
  examId: z.string().describe('考试ID'),
  kind: z.number().describe('类型（1个别安排 2补考）'),
  kindLabel: z.string().describe('类型名称'),
  targetType: z.number().describe('安排对象类型（1考生 2部门）'),
  userId: z.string().nullable().describe('考生ID'),
  userName: z.string().nullable().describe('考生账号'),
  realName: z.string().nullable().describe('考生姓名'),
  deptId: z.string().nullable().describe('部门ID'),
  deptName: z.string().nullable().describe('部门名称'),
  startTime: z.string().nullable().describe('开始时间'),
  endTime: z.string().nullable().describe('结束时间'),
  extraMinutes: z.number().describe('延长时间（分钟）'),
  extraTries: z.number().describe('增加考试次数'),
  password: z.string().nullable().describe('考试密码'),
  note: z.string().nullable().describe('备注'),
  createdAt: z.string().describe('创建时间'),
});
export type TExamOverrideRecord = z.infer<typeof ZExamOverrideRecordSchema>;

export const ZResitPreviewSchema = z
  .object({
    examId: z.string().min(1).describe('考试ID'),
    failed: z.boolean().default(true).describe('未通过的考生'),
    missed: z.boolean().default(true).describe('缺考的考生'),
  })
  .refine((v) => v.failed || v.missed, { path: ['failed'], message: '请至少选择未通过或缺考之一' });

export const ZResitCandidateSchema = z.object({
  userId: z.string().describe('考生ID'),
  userName: z.string().describe('账号'),
  realName: z.string().describe('姓名'),
  deptName: z.string().nullable().describe('部门'),
  /** 未通过 or 缺考. */
  reason: z.string().describe('补考原因'),
  tryCount: z.number().describe('已考次数'),
  bestScore: z.number().nullable().describe('最高分'),
});
export type TResitCandidate = z.infer<typeof ZResitCandidateSchema>;

export const ZResitSchema = z
  .object({
    examId: z.string().min(1).describe('考试ID'),
    userIds: z.array(z.string().min(1)).min(1, '请选择补考的考生').max(10000).describe('补考考生'),
    startTime: zTime('补考开始时间'),
    endTime: zTime('补考结束时间'),
    note: z.string().trim().max(200, '备注不能超过200个字符').nullish().describe('备注'),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.endTime) <= Date.parse(v.startTime))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: '补考结束时间必须晚于开始时间' });
  });
export type TResit = z.input<typeof ZResitSchema>;
