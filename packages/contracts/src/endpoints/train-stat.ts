/** Endpoints of train-stat. */
import { endpoint, fileEndpoint } from '../endpoint.js';
import { zPage, zPageRequest } from '../envelope.js';
import {
  ZTrainStatExportSchema,
  ZTrainStatParamsSchema,
  ZTrainStatRepoSchema,
  ZTrainStatUserSchema,
} from '../train.js';

export const trainStatByRepo = endpoint({
  path: '/api/train/stat/by-repo',
  body: zPageRequest(ZTrainStatParamsSchema),
  data: zPage(ZTrainStatRepoSchema),
  access: { permission: 'train:stat:view' },
  operation: false,
});

export const trainStatByUser = endpoint({
  path: '/api/train/stat/by-user',
  body: zPageRequest(ZTrainStatParamsSchema),
  data: zPage(ZTrainStatUserSchema),
  access: { permission: 'train:stat:view' },
  operation: false,
});

export const trainStatExport = fileEndpoint({
  path: '/api/train/stat/export',
  body: ZTrainStatExportSchema,
  access: { permission: 'train:stat:export' },
  operation: false,
});
