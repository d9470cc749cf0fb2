/** User administration and forgot-password calls (SPEC 3 "Sys user", SPEC 7 /api/sys/user/*). */
import { z } from 'zod';
import { zPageRequest } from '../envelope.js';
import { zMobile, zOptionalMobile, zPassword } from '../validators.js';

/** User name rule shared by the admin form, the import and registration. */
export const zUserName = z
  .string()
  .trim()
  .min(2, '用户名至少2个字符')
  .max(32, '用户名不能超过32个字符')
  .regex(/^[a-zA-Z0-9_.@-]+$/, '用户名只能包含字母、数字和_.@-');

export const zRealName = z.string().trim().min(1, '请输入姓名').max(32, '姓名不能超过32个字符');

/** User state of SPEC 4: 0 正常, 1 禁用, 2 待审核. */
export const zUserState = z.number().int().min(0, '状态只能是0、1或2').max(2, '状态只能是0、1或2');

const zIds = z.array(z.string().min(1)).min(1, '请至少选择一个用户').max(1000, '一次最多操作1000个用户');

const userFields = {
  userName: zUserName.describe('用户名'),
  realName: zRealName.describe('姓名'),
  mobile: zOptionalMobile.describe('手机号'),
  email: z
    .string()
    .trim()
    .max(128, '邮箱不能超过128个字符')
    .refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), '邮箱格式不正确')
    .nullish()
    .transform((v) => v || null)
    .describe('邮箱'),
  avatar: z.string().max(500).nullish().describe('头像'),
  deptId: z.string().min(1, '请选择部门').describe('部门'),
  roleIds: z.array(z.string().min(1)).min(1, '请至少选择一个角色').max(20).describe('角色'),
  remark: z.string().max(500, '备注不能超过500个字符').nullish().describe('备注'),
};

/** Create a user: the password is required and follows SPEC 5. */
export const ZUserSaveSchema = z.object({
  ...userFields,
  state: zUserState.default(0).describe('状态'),
  password: zPassword.describe('密码'),
});
export type TUserSave = z.infer<typeof ZUserSaveSchema>;

/** Update a user: everything but the password (reset-pass changes it); the state only when given. */
export const ZUserUpdateSchema = z.object({
  id: z.string().min(1).describe('用户ID'),
  ...userFields,
  state: zUserState.optional().describe('状态'),
});
export type TUserUpdate = z.infer<typeof ZUserUpdateSchema>;

/** Filters of the user list and the export. */
export const ZUserPagingParamsSchema = z.object({
  deptId: z.string().nullish().describe('部门（含下级部门）'),
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').nullish().describe('关键字'),
  state: zUserState.nullish().describe('状态'),
  roleId: z.string().nullish().describe('角色'),
});
export type TUserPagingParams = z.infer<typeof ZUserPagingParamsSchema>;

export const ZUserPagingSchema = zPageRequest(ZUserPagingParamsSchema);
export type TUserPaging = z.infer<typeof ZUserPagingSchema>;

/** One user as lists and details answer it; never the password hash. */
export const ZUserRecordSchema = z.object({
  id: z.string().describe('用户ID'),
  userName: z.string().describe('用户名'),
  realName: z.string().describe('姓名'),
  mobile: z.string().nullable().describe('手机号'),
  email: z.string().nullable().describe('邮箱'),
  avatar: z.string().nullable().describe('头像'),
  deptId: z.string().nullable().describe('部门ID'),
  deptCode: z.string().nullable().describe('部门编码'),
  deptName: z.string().nullable().describe('部门名称'),
  roleIds: z.array(z.string()).describe('角色ID'),
  roleNames: z.array(z.string()).describe('角色名称'),
  roleType: z.number().describe('角色类型'),
  state: z.number().describe('状态'),
  remark: z.string().nullable().describe('备注'),
  createdAt: z.string().describe('创建时间'),
  /** The viewer may not change this user (it holds more than the viewer, or is the viewer). */
  locked: z.boolean().describe('当前用户无权修改此用户'),
});
export type TUserRecord = z.infer<typeof ZUserRecordSchema>;

/** Enable, disable or approve (state 0 on a pending registration). */
export const ZUserStateSchema = z.object({ ids: zIds.describe('用户'), state: zUserState.describe('状态') });
export type TUserState = z.infer<typeof ZUserStateSchema>;

export const ZUserDeleteSchema = z.object({ ids: zIds.describe('用户') });
export type TUserDelete = z.infer<typeof ZUserDeleteSchema>;

export const ZBatchDeptSchema = z.object({
  ids: zIds.describe('用户'),
  deptId: z.string().min(1, '请选择部门').describe('部门'),
});
export type TBatchDept = z.infer<typeof ZBatchDeptSchema>;

/** Replaces the roles of the users. */
export const ZBatchRoleSchema = z.object({
  ids: zIds.describe('用户'),
  roleIds: z.array(z.string().min(1)).min(1, '请至少选择一个角色').max(20).describe('角色'),
});
export type TBatchRole = z.infer<typeof ZBatchRoleSchema>;

/** An administrator sets a new password for a user. */
export const ZResetPassSchema = z.object({
  id: z.string().min(1).describe('用户ID'),
  password: zPassword.describe('新密码'),
});
export type TResetPass = z.infer<typeof ZResetPassSchema>;

/** Forgot password, step 1: a code sent by SMS. */
export const ZSendCodeSchema = z.object({
  mobile: zMobile.describe('手机号'),
  /** 'forgot' (default) resets a password; 'login' signs in by mobile number. */
  purpose: z.enum(['forgot', 'login'], { error: '验证码用途不正确' }).optional().describe('用途'),
});
export type TSendCode = z.infer<typeof ZSendCodeSchema>;

export const ZSendCodeResultSchema = z.object({
  expiresIn: z.number().describe('有效期（秒）'),
  resendIn: z.number().describe('可重新发送的等待时间（秒）'),
});
export type TSendCodeResult = z.infer<typeof ZSendCodeResultSchema>;

/** Forgot password, step 2: the code and the new password. */
export const ZForgotResetSchema = z.object({
  mobile: zMobile.describe('手机号'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '验证码为6位数字')
    .describe('验证码'),
  password: zPassword.describe('新密码'),
});
export type TForgotReset = z.infer<typeof ZForgotResetSchema>;

/** One wrong cell of an import file (row numbers as Excel shows them). */
export const ZImportErrorSchema = z.object({
  row: z.number().describe('行号'),
  column: z.string().describe('列名'),
  reason: z.string().describe('原因'),
});
export type TImportError = z.infer<typeof ZImportErrorSchema>;

/**
 * The import answer. On success code 0 with imported > 0; when any row is wrong nothing is
 * imported and the call answers code 10010001 with this report as data.
 */
export const ZImportReportSchema = z.object({
  imported: z.number().describe('导入条数'),
  errors: z.array(ZImportErrorSchema).describe('错误明细'),
});
export type TImportReport = z.infer<typeof ZImportReportSchema>;

/** Columns of the import template and of the export, in order. */
export const USER_IMPORT_COLUMNS = ['用户名', '姓名', '手机号', '部门编码', '角色编码', '密码', '状态'] as const;
