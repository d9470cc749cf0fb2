/** /api/sys/role/* calls. */
import {
  RoleType,
  sysRoleDelete,
  sysRoleDetail,
  sysRoleList,
  sysRoleListMenus,
  sysRolePaging,
  sysRoleSave,
  sysRoleSaveMenus,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { noPermission } from '../../../platform/errors.js';
import { route } from '../../../platform/route.js';
import {
  deleteRoles,
  listRoles,
  pagingRoles,
  roleDetail,
  roleMenuIds,
  saveRole,
  saveRoleMenus,
} from './role.service.js';

const TAGS = ['角色'];

export function registerRoleRoutes(app: FastifyInstance): void {
  route(app, sysRolePaging, { summary: '角色分页', tags: TAGS }, async ({ body, deps }) =>
    pagingRoles(deps.db, body.current, body.size, body.params),
  );

  // Any administrator may list roles (the user form picks them); learners are refused.
  route(app, sysRoleList, { summary: '全部角色', tags: TAGS }, async ({ user, deps }) => {
    if (user.roleType !== RoleType.ADMIN) throw noPermission();
    return listRoles(deps.db);
  });

  route(app, sysRoleDetail, { summary: '角色详情', tags: TAGS }, async ({ body, deps }) =>
    roleDetail(deps.db, body.id),
  );

  route(app, sysRoleSave, { summary: '保存角色', tags: TAGS }, async ({ body, user, deps }) => ({
    id: await saveRole(deps.db, user, body),
  }));

  route(app, sysRoleDelete, { summary: '删除角色', tags: TAGS }, async ({ body, user, deps }) => {
    await deleteRoles(deps.db, user, body.ids);
    return null;
  });

  route(app, sysRoleListMenus, { summary: '角色已授权的菜单', tags: TAGS }, async ({ body, deps }) =>
    roleMenuIds(deps.db, body.id),
  );

  route(app, sysRoleSaveMenus, { summary: '角色菜单授权', tags: TAGS }, async ({ body, user, deps }) => {
    await saveRoleMenus(deps.db, user, body.id, body.menuIds);
    return null;
  });
}
