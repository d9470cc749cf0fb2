/** Endpoints of train. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZIdSchema, zPage, zPageRequest } from '../envelope.js';
import {
  ZReviewStartSchema,
  ZReviewStatSchema,
  ZTrainClearSchema,
  ZTrainDetailSchema,
  ZTrainFillResultSchema,
  ZTrainFillSchema,
  ZTrainIdSchema,
  ZTrainNextSchema,
  ZTrainPagingParamsSchema,
  ZTrainQuSchema,
  ZTrainRecordSchema,
  ZTrainRepoDetailSchema,
  ZTrainRepoSchema,
  ZTrainSelfMarkResultSchema,
  ZTrainSelfMarkSchema,
  ZTrainStartedSchema,
  ZTrainStartSchema,
} from '../train.js';

export const trainRepoList = endpoint({
  path: '/api/train/repo/list',
  body: z.object({ title: z.string().trim().max(100).nullish().describe('题库名称') }),
  data: z.array(ZTrainRepoSchema),
  access: 'user',
  operation: false,
});

export const trainRepoDetail = endpoint({
  path: '/api/train/repo/detail',
  body: ZIdSchema,
  data: ZTrainRepoDetailSchema,
  access: 'user',
  operation: false,
});

export const trainStart = endpoint({
  path: '/api/train/start',
  body: ZTrainStartSchema,
  data: ZTrainStartedSchema,
  access: 'user',
  operation: false,
});

export const trainNext = endpoint({
  path: '/api/train/next',
  body: ZTrainNextSchema,
  data: ZTrainQuSchema,
  access: 'user',
  operation: false,
});

export const trainFill = endpoint({
  path: '/api/train/fill',
  body: ZTrainFillSchema,
  data: ZTrainFillResultSchema,
  access: 'user',
  operation: false,
});

/** 自评: the learner marks their own answer of a manually marked question right or wrong. */
export const trainSelfMark = endpoint({
  path: '/api/train/self-mark',
  body: ZTrainSelfMarkSchema,
  data: ZTrainSelfMarkResultSchema,
  access: 'user',
  operation: false,
});

export const trainFinish = endpoint({
  path: '/api/train/finish',
  body: ZTrainIdSchema,
  data: ZTrainDetailSchema,
  access: 'user',
  operation: false,
});

export const trainDetail = endpoint({
  path: '/api/train/detail',
  body: ZTrainIdSchema,
  data: ZTrainDetailSchema,
  access: 'user',
  operation: false,
});

export const trainPaging = endpoint({
  path: '/api/train/paging',
  body: zPageRequest(ZTrainPagingParamsSchema),
  data: zPage(ZTrainRecordSchema),
  access: 'user',
  operation: false,
});

export const trainClear = endpoint({
  path: '/api/train/clear',
  body: ZTrainClearSchema,
  data: z.null(),
  access: 'user',
  operation: false,
});

export const trainReviewStat = endpoint({
  path: '/api/train/review/stat',
  data: ZReviewStatSchema,
  access: 'user',
  operation: false,
});

export const trainReviewStart = endpoint({
  path: '/api/train/review/start',
  body: ZReviewStartSchema,
  data: ZTrainStartedSchema,
  access: 'user',
  operation: false,
});
