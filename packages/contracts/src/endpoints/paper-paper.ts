/** Endpoints of paper-paper. */
import { endpoint } from '../endpoint.js';
import { zPage, zPageRequest } from '../envelope.js';
import {
  ZClaimWindowResultSchema,
  ZClaimWindowSchema,
  ZFillAnswerResultSchema,
  ZFillAnswerSchema,
  ZHandResultSchema,
  ZLeaveResultSchema,
  ZLeaveSchema,
  ZMyExamRecordSchema,
  ZMyPagingParamsSchema,
  ZPaperCreatedSchema,
  ZPaperCreateSchema,
  ZPaperDetailSchema,
  ZPaperIdSchema,
  ZPaperQuDetailSchema,
  ZPaperQuViewSchema,
  ZPaperRecordSchema,
  ZPaperResultSchema,
  ZRecordPagingParamsSchema,
} from '../exam/paper.js';

export const paperPaperCreate = endpoint({
  path: '/api/paper/paper/create',
  body: ZPaperCreateSchema,
  data: ZPaperCreatedSchema,
  access: 'user',
  operation: false,
});

export const paperPaperDetail = endpoint({
  path: '/api/paper/paper/detail',
  body: ZPaperIdSchema,
  data: ZPaperDetailSchema,
  access: 'user',
  operation: false,
});

export const paperPaperQuDetail = endpoint({
  path: '/api/paper/paper/qu-detail',
  body: ZPaperQuDetailSchema,
  data: ZPaperQuViewSchema,
  access: 'user',
  operation: false,
});

export const paperPaperFillAnswer = endpoint({
  path: '/api/paper/paper/fill-answer',
  body: ZFillAnswerSchema,
  data: ZFillAnswerResultSchema,
  access: 'user',
  operation: false,
});

export const paperPaperClaim = endpoint({
  path: '/api/paper/paper/claim',
  body: ZClaimWindowSchema,
  data: ZClaimWindowResultSchema,
  access: 'user',
  operation: false,
});

export const paperPaperLeave = endpoint({
  path: '/api/paper/paper/leave',
  body: ZLeaveSchema,
  data: ZLeaveResultSchema,
  access: 'user',
  operation: false,
});

export const paperPaperHand = endpoint({
  path: '/api/paper/paper/hand',
  body: ZPaperIdSchema,
  data: ZHandResultSchema,
  access: 'user',
  operation: false,
});

export const paperPaperAbandon = endpoint({
  path: '/api/paper/paper/abandon',
  body: ZPaperIdSchema,
  data: ZHandResultSchema,
  access: 'user',
  operation: false,
});

export const paperPaperResult = endpoint({
  path: '/api/paper/paper/result',
  body: ZPaperIdSchema,
  data: ZPaperResultSchema,
  access: 'user',
  operation: false,
});

export const paperPaperMyPaging = endpoint({
  path: '/api/paper/paper/my-paging',
  body: zPageRequest(ZMyPagingParamsSchema),
  data: zPage(ZMyExamRecordSchema),
  access: 'user',
  operation: false,
});

export const paperPaperRecordPaging = endpoint({
  path: '/api/paper/paper/record-paging',
  body: zPageRequest(ZRecordPagingParamsSchema),
  data: zPage(ZPaperRecordSchema),
  access: 'user',
  operation: false,
});
