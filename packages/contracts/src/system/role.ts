/** Roles: type (learner/administrator), data scope, and the menus granted to them. */
import { z } from 'zod';

export const ZRoleSchema = z.object({
  id: z.string().describe('角色ID'),
  code: z.string().describe('角色编码'),
  name: z.string().describe('角色名称'),
  roleType: z.number().describe('角色类型'),
  dataScope: z.number().describe('数据范围'),
  remark: z.string().nullable().describe('备注'),
  builtIn: z.boolean().describe('是否内置'),
  userCount: z.number().describe('用户数'),
  createdAt: z.string().describe('创建时间'),
});
export type TRole = z.infer<typeof ZRoleSchema>;

export const ZRoleOptionSchema = z.object({
  id: z.string().describe('角色ID'),
  code: z.string().describe('角色编码'),
  name: z.string().describe('角色名称'),
  roleType: z.number().describe('角色类型'),
});
export type TRoleOption = z.infer<typeof ZRoleOptionSchema>;

export const ZRolePagingParamsSchema = z.object({
  keyword: z.string().trim().max(64).nullish().describe('关键字'),
  roleType: z.coerce.number().int().min(1).max(2).nullish().describe('角色类型'),
});

export const ZRoleSaveSchema = z.object({
  id: z.string().nullish().describe('角色ID'),
  code: z
    .string()
    .trim()
    .min(1, '请输入角色编码')
    .max(32, '角色编码不能超过32个字符')
    .regex(/^[a-zA-Z][a-zA-Z0-9_-]*$/, '角色编码只能包含字母、数字、_和-，且以字母开头')
    .describe('角色编码'),
  name: z.string().trim().min(1, '请输入角色名称').max(32, '角色名称不能超过32个字符').describe('角色名称'),
  roleType: z
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, '角色类型只能是1（学员）或2（管理员）')
    .describe('角色类型'),
  dataScope: z
    .number()
    .int()
    .refine((v) => v >= 1 && v <= 4, '数据范围只能是1到4')
    .default(1)
    .describe('数据范围'),
  remark: z.string().max(200).nullish().describe('备注'),
});
export type TRoleSave = z.infer<typeof ZRoleSaveSchema>;

export const ZRoleMenusSaveSchema = z.object({
  id: z.string().min(1).describe('角色ID'),
  menuIds: z.array(z.string().min(1)).max(2000).describe('菜单ID列表'),
});
export type TRoleMenusSave = z.infer<typeof ZRoleMenusSaveSchema>;
