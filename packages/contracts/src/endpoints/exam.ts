/** Endpoints of exam. */

import { z } from 'zod';
import { endpoint, fileEndpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema, zPage, zPageRequest } from '../envelope.js';
import {
  ZExamCheckSchema,
  ZExamDetailSchema,
  ZExamPagingParamsSchema,
  ZExamRecordSchema,
  ZExamSaveSchema,
  ZExamStateSchema,
  ZOnlineExamSchema,
  ZOnlinePagingParamsSchema,
} from '../exam/exam.js';
import { ZPaperIdSchema, ZPaperRecordSchema, ZPaperResultSchema } from '../exam/paper.js';
import {
  ZAttemptPagingParamsSchema,
  ZExamIdSchema,
  ZExamStatSchema,
  ZParticipantPagingParamsSchema,
  ZParticipantSchema,
  ZQuStatSchema,
  ZResultExamPagingParamsSchema,
  ZResultExamRecordSchema,
  ZVoidSchema,
} from '../exam/result.js';

export const examExamPaging = endpoint({
  path: '/api/exam/exam/paging',
  body: zPageRequest(ZExamPagingParamsSchema),
  data: zPage(ZExamRecordSchema),
  access: { permission: 'exam:exam:view' },
  operation: false,
});

export const examExamSave = endpoint({
  path: '/api/exam/exam/save',
  body: ZExamSaveSchema,
  data: ZIdSchema,
  access: { permission: 'exam:exam:save' },
  operation: true,
});

export const examExamDetail = endpoint({
  path: '/api/exam/exam/detail',
  body: ZIdSchema,
  data: ZExamDetailSchema,
  access: { permission: 'exam:exam:view' },
  operation: false,
});

export const examExamDelete = endpoint({
  path: '/api/exam/exam/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'exam:exam:delete' },
  operation: true,
});

export const examExamState = endpoint({
  path: '/api/exam/exam/state',
  body: ZExamStateSchema,
  data: z.null(),
  access: { permission: 'exam:exam:save' },
  operation: true,
});

export const examExamOnlinePaging = endpoint({
  path: '/api/exam/exam/online-paging',
  body: zPageRequest(ZOnlinePagingParamsSchema),
  data: zPage(ZOnlineExamSchema),
  access: 'user',
  operation: false,
});

export const examExamCheck = endpoint({
  path: '/api/exam/exam/check',
  body: ZIdSchema,
  data: ZExamCheckSchema,
  access: 'user',
  operation: false,
});

export const examResultExamPaging = endpoint({
  path: '/api/exam/result/exam-paging',
  body: zPageRequest(ZResultExamPagingParamsSchema),
  data: zPage(ZResultExamRecordSchema),
  access: { permission: 'exam:result:view' },
  operation: false,
});

export const examResultUserPaging = endpoint({
  path: '/api/exam/result/user-paging',
  body: zPageRequest(ZParticipantPagingParamsSchema),
  data: zPage(ZParticipantSchema),
  access: { permission: 'exam:result:view' },
  operation: false,
});

export const examResultPaperPaging = endpoint({
  path: '/api/exam/result/paper-paging',
  body: zPageRequest(ZAttemptPagingParamsSchema),
  data: zPage(ZPaperRecordSchema),
  access: { permission: 'exam:result:view' },
  operation: false,
});

export const examResultStat = endpoint({
  path: '/api/exam/result/stat',
  body: ZExamIdSchema,
  data: ZExamStatSchema,
  access: { permission: 'exam:result:view' },
  operation: false,
});

export const examResultQuStat = endpoint({
  path: '/api/exam/result/qu-stat',
  body: ZExamIdSchema,
  data: z.array(ZQuStatSchema),
  access: { permission: 'exam:result:view' },
  operation: false,
});

export const examResultPaperDetail = endpoint({
  path: '/api/exam/result/paper-detail',
  body: ZPaperIdSchema,
  data: ZPaperResultSchema,
  access: { permission: 'exam:result:view' },
  operation: false,
});

export const examResultVoid = endpoint({
  path: '/api/exam/result/void',
  body: ZVoidSchema,
  data: z.null(),
  access: { permission: 'exam:result:void' },
  operation: true,
});

export const examResultExport = fileEndpoint({
  path: '/api/exam/result/export',
  body: ZExamIdSchema,
  access: { permission: 'exam:result:export' },
  operation: false,
});
