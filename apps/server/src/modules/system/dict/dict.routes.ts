/** /api/sys/dic/* and /api/sys/dic/value/* calls. */
import {
  sysDicDelete,
  sysDicPaging,
  sysDicSave,
  sysDicValueDelete,
  sysDicValueSave,
  sysDicValueTree,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { deleteDics, deleteDicValues, dicValueTree, pagingDics, saveDic, saveDicValue } from './dict.service.js';

const TAGS = ['数据字典'];

export function registerDictRoutes(app: FastifyInstance): void {
  route(app, sysDicPaging, { summary: '字典分页', tags: TAGS }, async ({ body, deps }) =>
    pagingDics(deps.db, body.current, body.size, body.params),
  );

  route(app, sysDicSave, { summary: '保存字典', tags: TAGS }, async ({ body, deps }) => ({
    id: await saveDic(deps.db, body),
  }));

  route(app, sysDicDelete, { summary: '删除字典', tags: TAGS }, async ({ body, deps }) => {
    await deleteDics(deps.db, body.ids);
    return null;
  });

  route(app, sysDicValueTree, { summary: '字典值树', tags: TAGS }, async ({ body, deps }) =>
    dicValueTree(deps.db, body.dicCode),
  );

  route(app, sysDicValueSave, { summary: '保存字典值', tags: TAGS }, async ({ body, deps }) => ({
    id: await saveDicValue(deps.db, body),
  }));

  route(app, sysDicValueDelete, { summary: '删除字典值', tags: TAGS }, async ({ body, deps }) => {
    await deleteDicValues(deps.db, body.ids);
    return null;
  });
}
