/** /api/repo/repo/*: question banks. */
import {
  repoRepoDelete,
  repoRepoDetail,
  repoRepoList,
  repoRepoListStat,
  repoRepoPaging,
  repoRepoSave,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { deleteRepos, listRepos, pagingRepos, repoDetail, repoStats, saveRepo } from './repo.service.js';

const TAGS = ['题库'];

export function registerRepoRoutes(app: FastifyInstance): void {
  route(app, repoRepoPaging, { summary: '题库分页', tags: TAGS }, async ({ body, deps }) => pagingRepos(deps.db, body));

  route(app, repoRepoList, { summary: '全部题库（下拉选择用）', tags: TAGS }, async ({ deps }) => listRepos(deps.db));

  route(app, repoRepoSave, { summary: '保存题库', tags: TAGS }, async ({ body, user, deps }) => ({
    id: await saveRepo(deps.db, body, user.id),
  }));

  route(app, repoRepoDetail, { summary: '题库详情', tags: TAGS }, async ({ body, deps }) =>
    repoDetail(deps.db, body.id),
  );

  route(app, repoRepoDelete, { summary: '删除题库', tags: TAGS }, async ({ body, deps }) => {
    await deleteRepos(deps.db, body.ids, deps.clock());
    return null;
  });

  route(app, repoRepoListStat, { summary: '题库按题型、难度统计', tags: TAGS }, async ({ body, deps }) =>
    repoStats(deps.db, body.ids ?? null),
  );
}
