/** Endpoints of exam arrangements (个别安排), re-sits (补考) and archive restore. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema } from '../envelope.js';
import {
  ZExamOverrideRecordSchema,
  ZExamOverrideSaveSchema,
  ZResitCandidateSchema,
  ZResitPreviewSchema,
  ZResitSchema,
} from '../exam/arrange.js';
import { ZExamIdSchema } from '../exam/result.js';

export const examExamOverrideList = endpoint({
  path: '/api/exam/exam/override-list',
  body: ZExamIdSchema,
  data: z.array(ZExamOverrideRecordSchema),
  access: { permission: 'exam:exam:view' },
  operation: false,
});

export const examExamOverrideSave = endpoint({
  path: '/api/exam/exam/override-save',
  body: ZExamOverrideSaveSchema,
  data: ZIdSchema,
  access: { permission: 'exam:exam:arrange' },
  operation: true,
});

export const examExamOverrideDelete = endpoint({
  path: '/api/exam/exam/override-delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'exam:exam:arrange' },
  operation: true,
});

export const examExamResitPreview = endpoint({
  path: '/api/exam/exam/resit-preview',
  body: ZResitPreviewSchema,
  data: z.array(ZResitCandidateSchema),
  access: { permission: 'exam:exam:arrange' },
  operation: false,
});

export const examExamResit = endpoint({
  path: '/api/exam/exam/resit',
  body: ZResitSchema,
  data: z.object({ count: z.number().describe('安排补考人数') }),
  access: { permission: 'exam:exam:arrange' },
  operation: true,
});

export const examExamRestore = endpoint({
  path: '/api/exam/exam/restore',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'exam:exam:restore' },
  operation: true,
});
