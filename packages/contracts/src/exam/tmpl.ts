/** Paper templates (试卷): /api/paper/tmpl/{paging, save, detail, delete, preview}. */
import { z } from 'zod';
import { QUESTION_TYPES } from '../labels.js';

const zScore = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .min(0, `${label}不能小于0`)
    .max(1000, `${label}不能超过1000`)
    .describe(label);

export const ZFixedItemSchema = z.object({
  quId: z.string().min(1).describe('题目ID'),
  score: zScore('题目分值').refine((v) => v > 0, '题目分值必须大于0'),
});

/** A section of a fixed paper: questions picked by hand, a score each. */
export const ZFixedSectionSchema = z.object({
  title: z.string().trim().min(1, '请输入大题标题').max(100).describe('大题标题'),
  items: z.array(ZFixedItemSchema).min(1, '每个大题至少选择一道题目').max(500).describe('题目列表'),
});
export type TFixedSection = z.infer<typeof ZFixedSectionSchema>;

/** A section of a rule paper: drawn from banks for every attempt. */
export const ZRuleSectionSchema = z.object({
  title: z.string().trim().min(1, '请输入大题标题').max(100).describe('大题标题'),
  repoIds: z.array(z.string().min(1)).min(1, '请选择题库').max(50).describe('题库ID列表'),
  quType: z.union(QUESTION_TYPES.map((v) => z.literal(v as number))).describe('题型'),
  level: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .default(0)
    .describe('难度（0不限）'),
  count: z.number().int().min(1, '抽题数量至少为1').max(500).describe('抽题数量'),
  score: zScore('每题分值').refine((v) => v > 0, '每题分值必须大于0'),
});
export type TRuleSection = z.infer<typeof ZRuleSectionSchema>;

export const ZTmplSaveSchema = z
  .object({
    id: z.string().nullish().describe('试卷ID（修改时传）'),
    title: z.string().trim().min(1, '请输入试卷名称').max(100, '试卷名称不能超过100个字符').describe('试卷名称'),
    kind: z.union([z.literal(1), z.literal(2)]).describe('组卷方式（1固定 2随机）'),
    remark: z.string().max(500).nullish().describe('备注'),
    fixedSections: z.array(ZFixedSectionSchema).max(50).optional().describe('固定试卷大题'),
    ruleSections: z.array(ZRuleSectionSchema).max(50).optional().describe('随机组卷规则'),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 1 && !v.fixedSections?.length)
      ctx.addIssue({ code: 'custom', path: ['fixedSections'], message: '请至少添加一个大题' });
    if (v.kind === 2 && !v.ruleSections?.length)
      ctx.addIssue({ code: 'custom', path: ['ruleSections'], message: '请至少添加一条抽题规则' });
  });
export type TTmplSave = z.infer<typeof ZTmplSaveSchema>;

export const ZTmplPagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('试卷名称'),
  kind: z.number().int().nullish().describe('组卷方式'),
});

export const ZTmplRecordSchema = z.object({
  id: z.string().describe('试卷ID'),
  title: z.string().describe('试卷名称'),
  kind: z.number().describe('组卷方式（1固定 2随机）'),
  totalScore: z.number().describe('总分'),
  quCount: z.number().describe('题目数量'),
  remark: z.string().nullable().describe('备注'),
  examCount: z.number().describe('使用该试卷的考试数'),
  createdAt: z.string().describe('创建时间'),
  updatedAt: z.string().describe('更新时间'),
});
export type TTmplRecord = z.infer<typeof ZTmplRecordSchema>;

/** A question of a fixed section as the editor shows it. */
export const ZTmplQuBriefSchema = z.object({
  quId: z.string().describe('题目ID'),
  score: z.number().describe('分值'),
  type: z.number().nullable().describe('题型（题目已删除时为空）'),
  level: z.number().nullable().describe('难度'),
  content: z.string().nullable().describe('题干'),
});

export const ZTmplDetailSchema = ZTmplRecordSchema.extend({
  fixedSections: z
    .array(z.object({ title: z.string().describe('大题标题'), items: z.array(ZTmplQuBriefSchema).describe('题目') }))
    .describe('固定试卷大题'),
  ruleSections: z.array(ZRuleSectionSchema).describe('随机组卷规则'),
});
export type TTmplDetail = z.infer<typeof ZTmplDetailSchema>;

/** Preview: a saved template by id, or an unsaved one. */
export const ZTmplPreviewSchema = z
  .object({
    id: z.string().nullish().describe('试卷ID'),
    tmpl: ZTmplSaveSchema.optional().describe('未保存的试卷'),
  })
  .refine((v) => v.id || v.tmpl, '请指定要预览的试卷');
