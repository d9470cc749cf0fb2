/**
 * Knowledge points (知识点): one tree per site. A point is named in files and in a question's
 * `tags` by its path of titles from the root, joined by '/' (安全/消防), so titles hold no '/'.
 */
import { z } from 'zod';
import { DIFFICULTY_BANDS } from './difficulty-band.js';

/** The separator of a point's path of titles. */
export const KP_PATH_SEP = '/';

const title = z
  .string()
  .trim()
  .min(1, '请输入知识点名称')
  .max(30, '知识点名称不能超过30个字')
  .refine((t) => !t.includes(KP_PATH_SEP), '知识点名称不能包含“/”');

export const ZKpNodeSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  title: z.string(),
  sort: z.number(),
  /** Titles from the root, '/'-joined. */
  path: z.string(),
  /** Questions tagged with this point itself. */
  quCount: z.number(),
  /** Questions tagged with this point or a point below it (each counted once). */
  totalCount: z.number(),
});
export type TKpNode = z.infer<typeof ZKpNodeSchema>;

export const ZKpSaveSchema = z.object({
  id: z.string().nullish().describe('知识点（改名时）'),
  parentId: z.string().nullish().describe('上级知识点（新建时；空为根）'),
  title: title.describe('名称'),
});
export type TKpSave = z.infer<typeof ZKpSaveSchema>;

export const ZKpMoveSchema = z.object({
  id: z.string().min(1).describe('知识点'),
  parentId: z.string().nullish().describe('新的上级（空为根）'),
  sort: z.number().int().min(0).max(100000).nullish().describe('在同级中的位置'),
});
export type TKpMove = z.infer<typeof ZKpMoveSchema>;

export const ZKpMergeSchema = z.object({
  id: z.string().min(1).describe('被合并的知识点'),
  intoId: z.string().min(1).describe('合并到'),
});
export type TKpMerge = z.infer<typeof ZKpMergeSchema>;

export const ZKpDeleteSchema = z.object({ id: z.string().min(1).describe('知识点') });

export const ZKpDeleteResultSchema = z.object({
  /** Questions that lost this point (they are kept). */
  untagged: z.number(),
  /** Children lifted to the deleted point's parent. */
  lifted: z.number(),
});

export const ZKpMatrixQuerySchema = z.object({ repoId: z.string().min(1).describe('题库') });

/** Questions of a bank per point (its subtree included), kind and difficulty band. */
export const ZKpMatrixCellSchema = z.object({
  /** null: questions with no knowledge point. */
  kpId: z.string().nullable(),
  type: z.number(),
  band: z.enum(DIFFICULTY_BANDS),
  count: z.number(),
});
export type TKpMatrixCell = z.infer<typeof ZKpMatrixCellSchema>;
