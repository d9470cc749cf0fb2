/** /api/train/stat/*: practice statistics for administrators (练习统计), exportable. */
import {
  ZTrainStatExportSchema,
  ZTrainStatParamsSchema,
  ZTrainStatRepoSchema,
  ZTrainStatUserSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { permission, post, postFile } from '../../platform/route.js';
import { exportStat, statByRepo, statByUser } from './train-stat.service.js';

const TAGS = ['练习统计'];
const VIEW = permission('train:stat:view');

export function registerTrainStatRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/train/stat/by-repo',
    {
      summary: '按题库统计练习',
      tags: TAGS,
      access: VIEW,
      body: zPageRequest(ZTrainStatParamsSchema),
      data: zPage(ZTrainStatRepoSchema),
    },
    async ({ body, user, deps }) => statByRepo(deps.db, user, body.params, body.current, body.size),
  );

  post(
    app,
    '/api/train/stat/by-user',
    {
      summary: '按学员统计练习',
      tags: TAGS,
      access: VIEW,
      body: zPageRequest(ZTrainStatParamsSchema),
      data: zPage(ZTrainStatUserSchema),
    },
    async ({ body, user, deps }) => statByUser(deps.db, user, body.params, body.current, body.size),
  );

  postFile(
    app,
    '/api/train/stat/export',
    { summary: '导出练习统计', tags: TAGS, access: permission('train:stat:export'), body: ZTrainStatExportSchema },
    async ({ body, user, deps }) => exportStat(deps.db, user, body.params, deps.clock(), deps.config.timeZone),
  );
}
