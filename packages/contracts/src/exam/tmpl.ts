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

/** Difficulty bands of a blueprint cell (measured difficulty when known, else the author's level), or any. */
export const BLUEPRINT_BANDS = ['any', 'easy', 'medium', 'hard'] as const;
export type TBlueprintBand = (typeof BLUEPRINT_BANDS)[number];
export const BLUEPRINT_BAND_LABELS: Record<TBlueprintBand, string> = {
  any: '不限',
  easy: '易',
  medium: '中',
  hard: '难',
};

/** A cell of a blueprint: kind × knowledge point (or any) × difficulty band, a count and a score per question. */
export const ZBlueprintCellSchema = z.object({
  quType: z.union(QUESTION_TYPES.map((v) => z.literal(v as number))).describe('题型'),
  kpId: z.string().min(1).nullable().describe('知识点ID（含其下级知识点；为空不限）'),
  band: z
    .enum(BLUEPRINT_BANDS, { error: '难度档只能是不限、易、中、难' })
    .default('any')
    .describe('难度档（any不限 easy易 medium中 hard难）'),
  count: z.number().int().min(1, '每格题数至少为1').max(500).describe('题数'),
  score: zScore('每题分值').refine((v) => v > 0, '每题分值必须大于0'),
});
export type TBlueprintCell = z.infer<typeof ZBlueprintCellSchema>;

/** A blueprint section (智能组卷): cells drawn from the banks, each question in one cell only. */
export const ZBlueprintSectionSchema = z.object({
  title: z.string().trim().min(1, '请输入大题标题').max(100).describe('大题标题'),
  repoIds: z.array(z.string().min(1)).min(1, '请选择题库').max(50).describe('题库ID列表'),
  cells: z.array(ZBlueprintCellSchema).min(1, '蓝图至少需要一格').max(200).describe('蓝图格子'),
});
export type TBlueprintSection = z.infer<typeof ZBlueprintSectionSchema>;

export const ZTmplSaveSchema = z
  .object({
    id: z.string().nullish().describe('试卷ID（修改时传）'),
    title: z.string().trim().min(1, '请输入试卷名称').max(100, '试卷名称不能超过100个字符').describe('试卷名称'),
    kind: z.union([z.literal(1), z.literal(2)]).describe('组卷方式（1固定 2随机）'),
    remark: z.string().max(500).nullish().describe('备注'),
    fixedSections: z.array(ZFixedSectionSchema).max(50).optional().describe('固定试卷大题'),
    ruleSections: z.array(ZRuleSectionSchema).max(50).optional().describe('随机组卷规则'),
    blueprintSections: z.array(ZBlueprintSectionSchema).max(20).optional().describe('蓝图组卷大题（智能组卷）'),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 1 && !v.fixedSections?.length)
      ctx.addIssue({ code: 'custom', path: ['fixedSections'], message: '请至少添加一个大题' });
    if (v.kind === 2 && !v.ruleSections?.length && !v.blueprintSections?.length)
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

/** One cell's check: how many questions fall under it, how many it needs, how many are missing. */
export const ZBlueprintCellCheckSchema = z.object({
  section: z.number().int().describe('大题序号（从0开始）'),
  cell: z.number().int().describe('格子序号（从0开始）'),
  need: z.number().int().describe('需要题数'),
  available: z.number().int().describe('符合条件的题数（同时符合多格的题目在每格都计入）'),
  short: z.number().int().describe('抽题后还差的题数'),
});

export const ZBlueprintCheckSchema = z.object({
  blueprintSections: z.array(ZBlueprintSectionSchema).min(1).max(20).describe('蓝图组卷大题'),
});

export const ZBlueprintCheckResultSchema = z.object({
  met: z.boolean().describe('是否每格都能抽足'),
  cells: z.array(ZBlueprintCellCheckSchema).describe('每格的检查结果'),
  quCount: z.number().int().describe('题目数量'),
  totalScore: z.number().describe('总分'),
  message: z.string().nullable().describe('不足时的说明'),
});
export type TBlueprintCheckResult = z.infer<typeof ZBlueprintCheckResultSchema>;

/** Parallel forms of a saved blueprint paper. */
export const ZFormsSummarySchema = z.object({
  labels: z.array(z.string()).describe('试卷套别（A、B…）'),
  quCount: z.number().int().describe('每套题数'),
  maxShare: z.number().describe('任意两套共同题目的上限（占每套题数的比例）'),
  overlap: z.array(z.array(z.number().int())).describe('两两共同题目数'),
});
export type TFormsSummary = z.infer<typeof ZFormsSummarySchema>;

export const ZFormsGenerateSchema = z.object({
  id: z.string().min(1).describe('试卷ID'),
  count: z.number().int().min(0, '套数不能小于0').max(10, '最多生成10套').describe('套数（0取消平行试卷）'),
  maxShare: z
    .number({ error: '重合比例必须是数字' })
    .min(0, '重合比例不能小于0')
    .max(1, '重合比例不能超过100%')
    .describe('任意两套共同题目的上限（0~1）'),
});

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
  blueprintSections: z.array(ZBlueprintSectionSchema).describe('蓝图组卷大题'),
  forms: ZFormsSummarySchema.nullable().describe('已生成的平行试卷（A/B…），没有为空'),
});
export type TTmplDetail = z.infer<typeof ZTmplDetailSchema>;

/** Preview: a saved template by id, or an unsaved one. */
export const ZTmplPreviewSchema = z
  .object({
    id: z.string().nullish().describe('试卷ID'),
    tmpl: ZTmplSaveSchema.optional().describe('未保存的试卷'),
  })
  .refine((v) => v.id || v.tmpl, '请指定要预览的试卷');

/** A knowledge point as the blueprint editor offers it (the tree flattened in path order). */
export const ZBlueprintPointSchema = z.object({
  id: z.string().describe('知识点ID'),
  parentId: z.string().nullable().describe('上级知识点ID'),
  title: z.string().describe('知识点名称'),
  depth: z.number().int().describe('层级（根为0）'),
});
export type TBlueprintPoint = z.infer<typeof ZBlueprintPointSchema>;
