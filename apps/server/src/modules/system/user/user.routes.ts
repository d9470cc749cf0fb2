/** SPEC 7 user administration calls: /api/sys/user/{paging,detail,save,update,delete,state,...}. */
import {
  ZBatchDeptSchema,
  ZBatchRoleSchema,
  ZIdSchema,
  ZImportReportSchema,
  ZResetPassSchema,
  ZUserDeleteSchema,
  ZUserPagingParamsSchema,
  ZUserPagingSchema,
  ZUserRecordSchema,
  ZUserSaveSchema,
  ZUserStateSchema,
  ZUserUpdateSchema,
  zPage,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badParams } from '../../../platform/errors.js';
import { page, permission, post, postFile, postMultipart } from '../../../platform/route.js';
import { IMPORT_MAX_BYTES, importBuffer } from '../../../platform/xlsx-read.js';
import {
  batchDept,
  batchRole,
  createUser,
  deleteUsers,
  listUsers,
  pageUsers,
  resetPassword,
  setUserState,
  updateUser,
  userDetail,
} from './user.service.js';
import { buildExport, buildImportTemplate, importUsers, MAX_EXPORT_ROWS, XLSX_TYPE } from './user-import.service.js';

const TAGS = ['用户管理'];
const VIEW = permission('sys:user:view');
const SAVE = permission('sys:user:save');

const stamp = (now: Date): string => now.toISOString().slice(0, 10).replaceAll('-', '');

export function registerUserRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/sys/user/paging',
    { summary: '用户分页', tags: TAGS, access: VIEW, body: ZUserPagingSchema, data: zPage(ZUserRecordSchema) },
    async ({ body, user, deps }) => {
      const { records, total } = await pageUsers(deps.db, user, body.params, body.current, body.size);
      return page(records, total, body.current, body.size);
    },
  );

  post(
    app,
    '/api/sys/user/detail',
    { summary: '用户详情', tags: TAGS, access: VIEW, body: ZIdSchema, data: ZUserRecordSchema },
    async ({ body, user, deps }) => userDetail(deps.db, user, body.id),
  );

  post(
    app,
    '/api/sys/user/save',
    { summary: '新增用户', tags: TAGS, access: SAVE, body: ZUserSaveSchema, data: ZIdSchema },
    async ({ body, user, deps }) => ({ id: await createUser(deps.db, user, body) }),
  );

  post(
    app,
    '/api/sys/user/update',
    { summary: '修改用户', tags: TAGS, access: SAVE, body: ZUserUpdateSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await updateUser(deps.db, user, body);
      return null;
    },
  );

  post(
    app,
    '/api/sys/user/delete',
    {
      summary: '删除用户',
      tags: TAGS,
      access: permission('sys:user:delete'),
      body: ZUserDeleteSchema,
      data: z.null(),
    },
    async ({ body, user, deps }) => {
      await deleteUsers(deps.db, user, body.ids, deps.clock());
      return null;
    },
  );

  post(
    app,
    '/api/sys/user/state',
    {
      summary: '修改用户状态（启用、禁用、审核通过）',
      tags: TAGS,
      access: SAVE,
      body: ZUserStateSchema,
      data: z.null(),
    },
    async ({ body, user, deps }) => {
      await setUserState(deps.db, user, body.ids, body.state);
      return null;
    },
  );

  post(
    app,
    '/api/sys/user/reset-pass',
    {
      summary: '重置用户密码',
      tags: TAGS,
      access: permission('sys:user:reset-pass'),
      body: ZResetPassSchema,
      data: z.null(),
    },
    async ({ body, user, deps }) => {
      await resetPassword(deps.db, user, body.id, body.password);
      return null;
    },
  );

  post(
    app,
    '/api/sys/user/batch-dept',
    { summary: '批量修改部门', tags: TAGS, access: SAVE, body: ZBatchDeptSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await batchDept(deps.db, user, body);
      return null;
    },
  );

  post(
    app,
    '/api/sys/user/batch-role',
    { summary: '批量修改角色', tags: TAGS, access: SAVE, body: ZBatchRoleSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await batchRole(deps.db, user, body);
      return null;
    },
  );

  postFile(
    app,
    '/api/sys/user/export',
    {
      summary: '导出用户（xlsx）',
      tags: TAGS,
      access: permission('sys:user:export'),
      body: z.object({ params: ZUserPagingParamsSchema.default({}).describe('查询条件') }),
    },
    async ({ body, user, deps }) => {
      const rows = await listUsers(deps.db, user, body.params, MAX_EXPORT_ROWS);
      return {
        fileName: `用户列表-${stamp(deps.clock())}.xlsx`,
        contentType: XLSX_TYPE,
        body: await buildExport(rows),
      };
    },
  );

  postFile(
    app,
    '/api/sys/user/import-template',
    { summary: '下载用户导入模板', tags: TAGS, access: permission('sys:user:import') },
    async () => ({ fileName: '用户导入模板.xlsx', contentType: XLSX_TYPE, body: await buildImportTemplate() }),
  );

  postMultipart(
    app,
    '/api/sys/user/import',
    { summary: '导入用户（xlsx）', tags: TAGS, access: permission('sys:user:import'), data: ZImportReportSchema },
    async ({ request, user, deps }) => {
      const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
      if (!file) throw badParams('请上传xlsx文件（字段名 file）');
      const buffer = await importBuffer(file);
      return importUsers(deps.db, user, buffer);
    },
  );
}
