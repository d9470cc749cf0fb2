/** Endpoints of repo. */

import { z } from 'zod';
import { endpoint, fileEndpoint, uploadEndpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema, zPage, zPageRequest } from '../envelope.js';
import {
  ZKpDeleteResultSchema,
  ZKpDeleteSchema,
  ZKpMatrixCellSchema,
  ZKpMatrixQuerySchema,
  ZKpMergeSchema,
  ZKpMoveSchema,
  ZKpNodeSchema,
  ZKpSaveSchema,
} from '../repo/knowledge.js';
import {
  ZQuBatchSchema,
  ZQuDetailSchema,
  ZQuExportSchema,
  ZQuImportResultSchema,
  ZQuListItemSchema,
  ZQuPagingParamsSchema,
  ZQuSaveSchema,
  ZQuViewAnswerSchema,
} from '../repo/qu.js';
import {
  ZRepoListStatSchema,
  ZRepoPagingParamsSchema,
  ZRepoSaveSchema,
  ZRepoSchema,
  ZRepoStatSchema,
} from '../repo/repo.js';

export const repoRepoPaging = endpoint({
  path: '/api/repo/repo/paging',
  body: zPageRequest(ZRepoPagingParamsSchema),
  data: zPage(ZRepoSchema),
  access: { permission: 'repo:repo:view' },
  operation: false,
});

export const repoRepoList = endpoint({
  path: '/api/repo/repo/list',
  data: z.array(z.object({ id: z.string(), title: z.string(), practiceEnabled: z.boolean() })),
  access: { permission: 'repo:repo:view' },
  operation: false,
});

export const repoRepoSave = endpoint({
  path: '/api/repo/repo/save',
  body: ZRepoSaveSchema,
  data: z.object({ id: z.string() }),
  access: { permission: 'repo:repo:save' },
  operation: true,
});

export const repoRepoDetail = endpoint({
  path: '/api/repo/repo/detail',
  body: ZIdSchema,
  data: ZRepoSchema,
  access: { permission: 'repo:repo:view' },
  operation: false,
});

export const repoRepoDelete = endpoint({
  path: '/api/repo/repo/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'repo:repo:delete' },
  operation: true,
});

export const repoRepoListStat = endpoint({
  path: '/api/repo/repo/list-stat',
  body: ZRepoListStatSchema,
  data: z.array(ZRepoStatSchema),
  access: { permission: 'repo:repo:view' },
  operation: false,
});

export const repoQuPaging = endpoint({
  path: '/api/repo/qu/paging',
  body: zPageRequest(ZQuPagingParamsSchema),
  data: zPage(ZQuListItemSchema),
  access: { permission: 'repo:qu:view' },
  operation: false,
});

export const repoQuSave = endpoint({
  path: '/api/repo/qu/save',
  body: ZQuSaveSchema,
  data: z.object({ id: z.string() }),
  access: { permission: 'repo:qu:save' },
  operation: true,
});

export const repoQuDetail = endpoint({
  path: '/api/repo/qu/detail',
  body: ZIdSchema,
  data: ZQuDetailSchema,
  access: { permission: 'repo:qu:view' },
  operation: false,
});

export const repoQuDelete = endpoint({
  path: '/api/repo/qu/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'repo:qu:delete' },
  operation: true,
});

export const repoQuBatchMove = endpoint({
  path: '/api/repo/qu/batch-move',
  body: ZQuBatchSchema,
  data: z.object({ count: z.number() }),
  access: { permission: 'repo:qu:save' },
  operation: true,
});

export const repoQuBatchCopy = endpoint({
  path: '/api/repo/qu/batch-copy',
  body: ZQuBatchSchema,
  data: z.object({ count: z.number() }),
  access: { permission: 'repo:qu:save' },
  operation: true,
});

export const repoQuImportTemplate = fileEndpoint({
  path: '/api/repo/qu/import-template',
  access: { permission: 'repo:qu:import' },
  operation: false,
});

export const repoQuImport = uploadEndpoint({
  path: '/api/repo/qu/import',
  data: ZQuImportResultSchema,
  access: { permission: 'repo:qu:import' },
  operation: true,
});

export const repoQuExport = fileEndpoint({
  path: '/api/repo/qu/export',
  body: ZQuExportSchema,
  access: { permission: 'repo:qu:export' },
  operation: false,
});

export const repoQuView = endpoint({
  path: '/api/repo/qu/view',
  body: ZIdSchema,
  data: ZQuViewAnswerSchema,
  access: 'user',
  operation: false,
});

export const repoKnowledgeTree = endpoint({
  path: '/api/repo/knowledge/tree',
  data: z.array(ZKpNodeSchema),
  // whoever sees questions picks and filters by points: the tree is read with the questions' tag
  access: { permission: 'repo:qu:view' },
  operation: false,
});

export const repoKnowledgeSave = endpoint({
  path: '/api/repo/knowledge/save',
  body: ZKpSaveSchema,
  data: z.object({ id: z.string() }),
  access: { permission: 'repo:kp:save' },
  operation: true,
});

export const repoKnowledgeMove = endpoint({
  path: '/api/repo/knowledge/move',
  body: ZKpMoveSchema,
  data: z.null(),
  access: { permission: 'repo:kp:save' },
  operation: true,
});

export const repoKnowledgeMerge = endpoint({
  path: '/api/repo/knowledge/merge',
  body: ZKpMergeSchema,
  data: z.object({ moved: z.number() }),
  access: { permission: 'repo:kp:save' },
  operation: true,
});

export const repoKnowledgeDelete = endpoint({
  path: '/api/repo/knowledge/delete',
  body: ZKpDeleteSchema,
  data: ZKpDeleteResultSchema,
  access: { permission: 'repo:kp:delete' },
  operation: true,
});

export const repoKnowledgeMatrix = endpoint({
  path: '/api/repo/knowledge/stat',
  body: ZKpMatrixQuerySchema,
  data: z.array(ZKpMatrixCellSchema),
  access: { permission: 'repo:repo:view' },
  operation: false,
});
