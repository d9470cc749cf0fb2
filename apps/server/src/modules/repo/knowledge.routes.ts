/** /api/repo/knowledge/*: the knowledge point tree and a bank's counts per point. */
import {
  repoKnowledgeDelete,
  repoKnowledgeMatrix,
  repoKnowledgeMerge,
  repoKnowledgeMove,
  repoKnowledgeSave,
  repoKnowledgeTree,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import {
  deleteKnowledgePoint,
  knowledgeMatrix,
  knowledgeTree,
  mergeKnowledgePoint,
  moveKnowledgePoint,
  saveKnowledgePoint,
} from './knowledge.service.js';

const TAGS = ['知识点'];

export function registerKnowledgeRoutes(app: FastifyInstance): void {
  route(app, repoKnowledgeTree, { summary: '知识点树（含各点及其下级的试题数）', tags: TAGS }, async ({ deps }) =>
    knowledgeTree(deps.db),
  );

  route(app, repoKnowledgeSave, { summary: '新建或改名知识点', tags: TAGS }, async ({ body, user, deps }) => ({
    id: await saveKnowledgePoint(deps.db, body, user.id),
  }));

  route(app, repoKnowledgeMove, { summary: '移动知识点（不能移到自己的下级）', tags: TAGS }, async ({ body, deps }) => {
    await moveKnowledgePoint(deps.db, body);
    return null;
  });

  route(
    app,
    repoKnowledgeMerge,
    { summary: '合并知识点（试题改标到目标点，下级移到目标点下）', tags: TAGS },
    async ({ body, deps }) => ({ moved: await mergeKnowledgePoint(deps.db, body) }),
  );

  route(
    app,
    repoKnowledgeDelete,
    { summary: '删除知识点（试题保留、去掉该知识点；下级上移一级）', tags: TAGS },
    async ({ body, deps }) => deleteKnowledgePoint(deps.db, body.id),
  );

  route(app, repoKnowledgeMatrix, { summary: '题库按知识点、题型、难度档统计', tags: TAGS }, async ({ body, deps }) =>
    knowledgeMatrix(deps.db, body.repoId),
  );
}
