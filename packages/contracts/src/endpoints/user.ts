/** Endpoints of user. */

import { z } from 'zod';
import { endpoint, fileEndpoint, uploadEndpoint } from '../endpoint.js';
import { ZIdSchema, zPage } from '../envelope.js';
import {
  ZLoginResultSchema,
  ZLoginSchema,
  ZRegisterResultSchema,
  ZRegisterSchema,
  ZUpdatePasswordSchema,
  ZUserInfoSchema,
} from '../system/auth.js';
import {
  ZBatchDeptSchema,
  ZBatchRoleSchema,
  ZImportReportSchema,
  ZResetPassSchema,
  ZUserDeleteSchema,
  ZUserPagingParamsSchema,
  ZUserPagingSchema,
  ZUserRecordSchema,
  ZUserSaveSchema,
  ZUserStateSchema,
  ZUserUpdateSchema,
} from '../system/user.js';
import { zOptionalMobile } from '../validators.js';

const ZProfileUpdateSchema = z.object({
  realName: z.string().trim().min(1, '请输入姓名').max(32, '姓名不能超过32个字符').describe('姓名'),
  mobile: zOptionalMobile.describe('手机号'),
  avatar: z.string().trim().max(500, '头像地址不能超过500个字符').nullish().describe('头像'),
});

export const sysUserPaging = endpoint({
  path: '/api/sys/user/paging',
  body: ZUserPagingSchema,
  data: zPage(ZUserRecordSchema),
  access: { permission: 'sys:user:view' },
  operation: false,
});

export const sysUserDetail = endpoint({
  path: '/api/sys/user/detail',
  body: ZIdSchema,
  data: ZUserRecordSchema,
  access: { permission: 'sys:user:view' },
  operation: false,
});

export const sysUserSave = endpoint({
  path: '/api/sys/user/save',
  body: ZUserSaveSchema,
  data: ZIdSchema,
  access: { permission: 'sys:user:save' },
  operation: true,
});

export const sysUserUpdate = endpoint({
  path: '/api/sys/user/update',
  body: ZUserUpdateSchema,
  data: z.null(),
  access: { permission: 'sys:user:save' },
  operation: true,
});

export const sysUserDelete = endpoint({
  path: '/api/sys/user/delete',
  body: ZUserDeleteSchema,
  data: z.null(),
  access: { permission: 'sys:user:delete' },
  operation: true,
});

export const sysUserState = endpoint({
  path: '/api/sys/user/state',
  body: ZUserStateSchema,
  data: z.null(),
  access: { permission: 'sys:user:save' },
  operation: true,
});

export const sysUserResetPass = endpoint({
  path: '/api/sys/user/reset-pass',
  body: ZResetPassSchema,
  data: z.null(),
  access: { permission: 'sys:user:reset-pass' },
  operation: true,
});

export const sysUserBatchDept = endpoint({
  path: '/api/sys/user/batch-dept',
  body: ZBatchDeptSchema,
  data: z.null(),
  access: { permission: 'sys:user:save' },
  operation: true,
});

export const sysUserBatchRole = endpoint({
  path: '/api/sys/user/batch-role',
  body: ZBatchRoleSchema,
  data: z.null(),
  access: { permission: 'sys:user:save' },
  operation: true,
});

export const sysUserExport = fileEndpoint({
  path: '/api/sys/user/export',
  body: z.object({ params: ZUserPagingParamsSchema.default({}).describe('查询条件') }),
  access: { permission: 'sys:user:export' },
  operation: false,
});

export const sysUserImportTemplate = fileEndpoint({
  path: '/api/sys/user/import-template',
  access: { permission: 'sys:user:import' },
  operation: false,
});

export const sysUserImport = uploadEndpoint({
  path: '/api/sys/user/import',
  data: ZImportReportSchema,
  access: { permission: 'sys:user:import' },
  operation: true,
});

export const sysUserLogin = endpoint({
  path: '/api/sys/user/login',
  body: ZLoginSchema,
  data: ZLoginResultSchema,
  access: 'public',
  operation: false,
});

export const sysUserReg = endpoint({
  path: '/api/sys/user/reg',
  body: ZRegisterSchema,
  data: ZRegisterResultSchema,
  access: 'public',
  operation: false,
});

export const sysUserLogout = endpoint({
  path: '/api/sys/user/logout',
  data: z.null(),
  access: 'public',
  operation: false,
});

export const sysUserInfo = endpoint({
  path: '/api/sys/user/info',
  data: ZUserInfoSchema,
  access: 'user',
  operation: false,
});

export const sysUserUpdatePass = endpoint({
  path: '/api/sys/user/update-pass',
  body: ZUpdatePasswordSchema,
  data: z.null(),
  access: 'user',
  operation: false,
});

export const sysUserUpdateProfile = endpoint({
  path: '/api/sys/user/update-profile',
  body: ZProfileUpdateSchema,
  data: z.null(),
  access: 'user',
  operation: false,
});
