/** /api/sys/depart/* calls. */
import { sysDepartDelete, sysDepartDetail, sysDepartSave, sysDepartSort, sysDepartTree } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { deleteDepts, deptDetail, deptTree, saveDept, sortDepts } from './dept.service.js';

const TAGS = ['部门'];

export function registerDeptRoutes(app: FastifyInstance): void {
  route(app, sysDepartTree, { summary: '部门树（注册页也使用）', tags: TAGS }, async ({ deps }) => deptTree(deps.db));

  route(app, sysDepartDetail, { summary: '部门详情', tags: TAGS }, async ({ body, deps }) =>
    deptDetail(deps.db, body.id),
  );

  route(app, sysDepartSave, { summary: '保存部门', tags: TAGS }, async ({ body, deps }) => ({
    id: await saveDept(deps.db, body),
  }));

  route(app, sysDepartDelete, { summary: '删除部门', tags: TAGS }, async ({ body, deps }) => {
    await deleteDepts(deps.db, body.ids);
    return null;
  });

  route(app, sysDepartSort, { summary: '部门排序', tags: TAGS }, async ({ body, deps }) => {
    if (body.list?.length) await sortDepts(deps.db, body.list, true);
    else await sortDepts(deps.db, [{ id: body.id as string, sort: body.sort as number }], false);
    return null;
  });
}
