/** Departments: a tree whose path code makes "department and below" a prefix match. */
import { z } from 'zod';

/** A department as the tree and pickers show it (public: the register page needs it). */
export interface TDeptNode {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  sort: number;
  children?: TDeptNode[];
}

export const ZDeptNodeSchema: z.ZodType<TDeptNode> = z.lazy(() =>
  z.object({
    id: z.string().describe('部门ID'),
    parentId: z.string().nullable().describe('上级部门ID'),
    code: z.string().describe('部门编码'),
    name: z.string().describe('部门名称'),
    sort: z.number().describe('排序'),
    children: z.array(ZDeptNodeSchema).optional().describe('下级部门'),
  }),
);

export const ZDeptSchema = z.object({
  id: z.string().describe('部门ID'),
  parentId: z.string().nullable().describe('上级部门ID'),
  code: z.string().describe('部门编码'),
  name: z.string().describe('部门名称'),
  sort: z.number().describe('排序'),
  userCount: z.number().describe('用户数'),
  createdAt: z.string().describe('创建时间'),
});
export type TDept = z.infer<typeof ZDeptSchema>;

export const ZDeptSaveSchema = z.object({
  id: z.string().nullish().describe('部门ID'),
  parentId: z.string().nullish().describe('上级部门ID'),
  name: z.string().trim().min(1, '请输入部门名称').max(64, '部门名称不能超过64个字符').describe('部门名称'),
  sort: z.coerce.number().int().min(0).max(99999).default(0).describe('排序'),
});
export type TDeptSave = z.infer<typeof ZDeptSaveSchema>;

export const ZDeptSortItemSchema = z.object({
  id: z.string().min(1).describe('部门ID'),
  parentId: z.string().nullish().describe('上级部门ID'),
  sort: z.coerce.number().int().min(0).max(99999).describe('排序'),
});

/** Either one department's sort, or a drag-and-drop list of {id, parentId, sort}. */
export const ZDeptSortSchema = z
  .object({
    id: z.string().min(1).optional().describe('部门ID'),
    sort: z.coerce.number().int().min(0).max(99999).optional().describe('排序'),
    list: z.array(ZDeptSortItemSchema).max(1000).optional().describe('排序列表'),
  })
  .refine((v) => (v.list && v.list.length > 0) || (v.id && v.sort !== undefined), '请提供部门ID和排序，或排序列表');
export type TDeptSort = z.infer<typeof ZDeptSortSchema>;
