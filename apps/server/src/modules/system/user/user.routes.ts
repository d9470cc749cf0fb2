/** SPEC 7 user administration calls: /api/sys/user/{paging,detail,save,update,delete,state,...}. */
import {
  sysUserBatchDept,
  sysUserBatchRole,
  sysUserDelete,
  sysUserDetail,
  sysUserExport,
  sysUserImport,
  sysUserImportTemplate,
  sysUserPaging,
  sysUserResetPass,
  sysUserSave,
  sysUserState,
  sysUserUpdate,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { badParams } from '../../../platform/errors.js';
import { route, routeFile, routeUpload } from '../../../platform/route.js';
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

const stamp = (now: Date): string => now.toISOString().slice(0, 10).replaceAll('-', '');

export function registerUserRoutes(app: FastifyInstance): void {
  route(app, sysUserPaging, { summary: '用户分页', tags: TAGS }, async ({ body, user, deps }) =>
    pageUsers(deps.db, user, body.params, body.current, body.size),
  );

  route(app, sysUserDetail, { summary: '用户详情', tags: TAGS }, async ({ body, user, deps }) =>
    userDetail(deps.db, user, body.id),
  );

  route(app, sysUserSave, { summary: '新增用户', tags: TAGS }, async ({ body, user, deps }) => ({
    id: await createUser(deps.db, user, body),
  }));

  route(app, sysUserUpdate, { summary: '修改用户', tags: TAGS }, async ({ body, user, deps }) => {
    await updateUser(deps.db, user, body);
    return null;
  });

  route(app, sysUserDelete, { summary: '删除用户', tags: TAGS }, async ({ body, user, deps }) => {
    await deleteUsers(deps.db, user, body.ids, deps.clock());
    return null;
  });

  route(
    app,
    sysUserState,
    { summary: '修改用户状态（启用、禁用、审核通过）', tags: TAGS },
    async ({ body, user, deps }) => {
      await setUserState(deps.db, user, body.ids, body.state);
      return null;
    },
  );

  route(app, sysUserResetPass, { summary: '重置用户密码', tags: TAGS }, async ({ body, user, deps }) => {
    await resetPassword(deps.db, user, body.id, body.password);
    return null;
  });

  route(app, sysUserBatchDept, { summary: '批量修改部门', tags: TAGS }, async ({ body, user, deps }) => {
    await batchDept(deps.db, user, body);
    return null;
  });

  route(app, sysUserBatchRole, { summary: '批量修改角色', tags: TAGS }, async ({ body, user, deps }) => {
    await batchRole(deps.db, user, body);
    return null;
  });

  routeFile(app, sysUserExport, { summary: '导出用户（xlsx）', tags: TAGS }, async ({ body, user, deps }) => {
    const rows = await listUsers(deps.db, user, body.params, MAX_EXPORT_ROWS);
    return {
      fileName: `用户列表-${stamp(deps.clock())}.xlsx`,
      contentType: XLSX_TYPE,
      body: await buildExport(rows),
    };
  });

  routeFile(app, sysUserImportTemplate, { summary: '下载用户导入模板', tags: TAGS }, async () => ({
    fileName: '用户导入模板.xlsx',
    contentType: XLSX_TYPE,
    body: await buildImportTemplate(),
  }));

  routeUpload(app, sysUserImport, { summary: '导入用户（xlsx）', tags: TAGS }, async ({ request, user, deps }) => {
    const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
    if (!file) throw badParams('请上传xlsx文件（字段名 file）');
    const buffer = await importBuffer(file);
    return importUsers(deps.db, user, buffer);
  });
}
