/** /api/repo/repo/*: question banks. */
import {
  ZIdSchema,
  ZIdsSchema,
  ZRepoListStatSchema,
  ZRepoPagingParamsSchema,
  ZRepoSaveSchema,
  ZRepoSchema,
  ZRepoStatSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permission, post } from '../../platform/route.js';
import { deleteRepos, listRepos, pagingRepos, repoDetail, repoStats, saveRepo } from './repo.service.js';

const TAGS = ['题库'];

export function registerRepoRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/repo/repo/paging',
    {
      summary: '题库分页',
      tags: TAGS,
      access: permission('repo:repo:view'),
      body: zPageRequest(ZRepoPagingParamsSchema),
      data: zPage(ZRepoSchema),
    },
    async ({ body, deps }) => pagingRepos(deps.db, body),
  );

  post(
    app,
    '/api/repo/repo/list',
    {
      summary: '全部题库（下拉选择用）',
      tags: TAGS,
      access: permission('repo:repo:view'),
      data: z.array(z.object({ id: z.string(), title: z.string(), practiceEnabled: z.boolean() })),
    },
    async ({ deps }) => listRepos(deps.db),
  );

  post(
    app,
    '/api/repo/repo/save',
    {
      summary: '保存题库',
      tags: TAGS,
      access: permission('repo:repo:save'),
      body: ZRepoSaveSchema,
      data: z.object({ id: z.string() }),
    },
    async ({ body, user, deps }) => ({ id: await saveRepo(deps.db, body, user.id) }),
  );

  post(
    app,
    '/api/repo/repo/detail',
    { summary: '题库详情', tags: TAGS, access: permission('repo:repo:view'), body: ZIdSchema, data: ZRepoSchema },
    async ({ body, deps }) => repoDetail(deps.db, body.id),
  );

  post(
    app,
    '/api/repo/repo/delete',
    { summary: '删除题库', tags: TAGS, access: permission('repo:repo:delete'), body: ZIdsSchema, data: z.null() },
    async ({ body, deps }) => {
      await deleteRepos(deps.db, body.ids, deps.clock());
      return null;
    },
  );

  post(
    app,
    '/api/repo/repo/list-stat',
    {
      summary: '题库按题型、难度统计',
      tags: TAGS,
      access: permission('repo:repo:view'),
      body: ZRepoListStatSchema,
      data: z.array(ZRepoStatSchema),
    },
    async ({ body, deps }) => repoStats(deps.db, body.ids ?? null),
  );
}
