/** Endpoints of mastery (知识点掌握度). */
import { z } from 'zod';
import { endpoint, fileEndpoint } from '../endpoint.js';
import { ZMasteryHeatmapParamsSchema, ZMasteryHeatmapSchema, ZMasteryPointSchema } from '../mastery.js';

/** The signed-in learner's mastered points, weakest first. */
export const trainMasteryMine = endpoint({
  path: '/api/train/mastery/mine',
  data: z.array(ZMasteryPointSchema),
  access: 'user',
  operation: false,
});

/** Departments × knowledge points (the children of `parentId`, the roots without): mean mastery of the scope's learners. */
export const trainMasteryDeptStat = endpoint({
  path: '/api/train/mastery/dept-stat',
  body: ZMasteryHeatmapParamsSchema,
  data: ZMasteryHeatmapSchema,
  access: { permission: 'train:mastery:view' },
  operation: false,
});

/**
 * The heat map as xlsx. A read by the read-word rule (not an `operation`), but its handler writes
 * the operation log itself: the file carries departments' figures out of the product.
 */
export const trainMasteryExport = fileEndpoint({
  path: '/api/train/mastery/export',
  body: ZMasteryHeatmapParamsSchema,
  access: { permission: 'train:mastery:export' },
  operation: false,
});
