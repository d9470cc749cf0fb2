/** Question banks (题库): save, paging, per-type and per-level counts. */
import { z } from 'zod';

/** Dictionary code of the bank categories. */
export const REPO_CATALOG_DIC = 'repo_catalog';

export const ZRepoSaveSchema = z.object({
  id: z.string().nullish().describe('题库ID'),
  title: z.string().trim().min(1, '请输入题库名称').max(100, '题库名称不能超过100个字符').describe('题库名称'),
  code: z
    .string()
    .trim()
    .max(64, '题库编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_-]*$/, '题库编码只能包含字母、数字、_和-')
    .nullish()
    .describe('题库编码'),
  category: z.string().trim().max(64).nullish().describe('题库分类'),
  remark: z.string().max(500, '备注不能超过500个字符').nullish().describe('备注'),
  practiceEnabled: z.boolean().default(false).describe('允许学员练习'),
});
export type TRepoSave = z.infer<typeof ZRepoSaveSchema>;

export const ZRepoPagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('题库名称'),
  category: z.string().trim().max(64).nullish().describe('题库分类'),
});

/** Counts of a bank's questions by type and by level. */
export const ZRepoStatSchema = z.object({
  repoId: z.string().describe('题库ID'),
  total: z.number().describe('试题总数'),
  byType: z.record(z.string(), z.number()).describe('按题型统计'),
  byLevel: z.record(z.string(), z.number()).describe('按难度统计'),
  /** `${type}-${level}` → count. */
  byTypeLevel: z.record(z.string(), z.number()).describe('按题型和难度统计'),
});
export type TRepoStat = z.infer<typeof ZRepoStatSchema>;

export const ZRepoSchema = z.object({
  id: z.string().describe('题库ID'),
  code: z.string().nullable().describe('题库编码'),
  title: z.string().describe('题库名称'),
  category: z.string().nullable().describe('题库分类'),
  categoryTitle: z.string().nullable().describe('分类名称'),
  remark: z.string().nullable().describe('备注'),
  practiceEnabled: z.boolean().describe('允许学员练习'),
  quCount: z.number().describe('试题数量'),
  byType: z.record(z.string(), z.number()).describe('按题型统计'),
  createdAt: z.date().describe('创建时间'),
  updatedAt: z.date().describe('更新时间'),
});
export type TRepo = z.infer<typeof ZRepoSchema>;

export const ZRepoListStatSchema = z.object({
  ids: z.array(z.string()).max(200).nullish().describe('题库ID列表'),
});
