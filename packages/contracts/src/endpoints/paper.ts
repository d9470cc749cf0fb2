/** Endpoints of paper. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZIdSchema, ZIdsSchema, zPage, zPageRequest } from '../envelope.js';
import {
  ZBookNextSchema,
  ZBookPagingParamsSchema,
  ZBookQuSchema,
  ZBookRecordSchema,
  ZBookSubmitResultSchema,
  ZBookSubmitSchema,
  ZBookSummarySchema,
} from '../exam/book.js';
import {
  ZMarkDetailSchema,
  ZMarkPagingParamsSchema,
  ZMarkRecordSchema,
  ZMarkSaveResultSchema,
  ZMarkSaveSchema,
} from '../exam/mark.js';
import { ZPaperIdSchema, ZReviewQuSchema } from '../exam/paper.js';
import {
  ZBlueprintCheckResultSchema,
  ZBlueprintCheckSchema,
  ZBlueprintPointSchema,
  ZFormsGenerateSchema,
  ZFormsSummarySchema,
  ZTmplDetailSchema,
  ZTmplPagingParamsSchema,
  ZTmplPreviewSchema,
  ZTmplRecordSchema,
  ZTmplSaveSchema,
} from '../exam/tmpl.js';

const ZPreviewSchema = z.object({
  title: z.string().describe('试卷名称'),
  totalScore: z.number().describe('总分'),
  questions: z.array(ZReviewQuSchema).describe('题目（含答案，随机试卷为一次抽题示例）'),
});

/** The learner's whole book: its rules and counts by exam, bank and kind. */
export const bookSummary = endpoint({
  path: '/api/book/summary',
  body: z.object({}),
  data: ZBookSummarySchema,
  access: 'user',
  operation: false,
});

export const bookPaging = endpoint({
  path: '/api/book/paging',
  body: zPageRequest(ZBookPagingParamsSchema),
  data: zPage(ZBookRecordSchema),
  access: 'user',
  operation: false,
});

export const bookDelete = endpoint({
  path: '/api/book/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: 'user',
  operation: false,
});

export const bookNext = endpoint({
  path: '/api/book/next',
  body: ZBookNextSchema,
  data: ZBookQuSchema.nullable(),
  access: 'user',
  operation: false,
});

export const bookSubmit = endpoint({
  path: '/api/book/submit',
  body: ZBookSubmitSchema,
  data: ZBookSubmitResultSchema,
  access: 'user',
  operation: false,
});

export const paperMarkPaging = endpoint({
  path: '/api/paper/mark/paging',
  body: zPageRequest(ZMarkPagingParamsSchema),
  data: zPage(ZMarkRecordSchema),
  access: { permission: 'exam:mark:view' },
  operation: false,
});

export const paperMarkDetail = endpoint({
  path: '/api/paper/mark/detail',
  body: ZPaperIdSchema,
  data: ZMarkDetailSchema,
  access: { permission: 'exam:mark:view' },
  operation: false,
});

export const paperMarkSave = endpoint({
  path: '/api/paper/mark/save',
  body: ZMarkSaveSchema,
  data: ZMarkSaveResultSchema,
  access: { permission: 'exam:mark:save' },
  operation: true,
});

export const paperTmplPaging = endpoint({
  path: '/api/paper/tmpl/paging',
  body: zPageRequest(ZTmplPagingParamsSchema),
  data: zPage(ZTmplRecordSchema),
  access: { permission: 'exam:tmpl:view' },
  operation: false,
});

export const paperTmplSave = endpoint({
  path: '/api/paper/tmpl/save',
  body: ZTmplSaveSchema,
  data: ZIdSchema,
  access: { permission: 'exam:tmpl:save' },
  operation: true,
});

export const paperTmplDetail = endpoint({
  path: '/api/paper/tmpl/detail',
  body: ZIdSchema,
  data: ZTmplDetailSchema,
  access: { permission: 'exam:tmpl:view' },
  operation: false,
});

export const paperTmplDelete = endpoint({
  path: '/api/paper/tmpl/delete',
  body: ZIdsSchema,
  data: z.null(),
  access: { permission: 'exam:tmpl:delete' },
  operation: true,
});

export const paperTmplPreview = endpoint({
  path: '/api/paper/tmpl/preview',
  body: ZTmplPreviewSchema,
  data: ZPreviewSchema,
  access: { permission: 'exam:tmpl:view' },
  operation: false,
});

/** Checks a blueprint against the banks: per cell, questions available, needed and missing. */
export const paperTmplBlueprintCheck = endpoint({
  path: '/api/paper/tmpl/blueprint-stat',
  body: ZBlueprintCheckSchema,
  data: ZBlueprintCheckResultSchema,
  access: { permission: 'exam:tmpl:view' },
  operation: false,
});

/** Generates (or, with count 0, removes) the parallel forms A/B/… of a saved blueprint paper. */
export const paperTmplForms = endpoint({
  path: '/api/paper/tmpl/forms',
  body: ZFormsGenerateSchema,
  data: ZFormsSummarySchema.nullable(),
  access: { permission: 'exam:tmpl:save' },
  operation: true,
});

/** The knowledge points a blueprint cell can name (the whole tree, in path order). */
export const paperTmplBlueprintPoints = endpoint({
  path: '/api/paper/tmpl/blueprint-point-list',
  body: z.object({}),
  data: z.array(ZBlueprintPointSchema),
  access: { permission: 'exam:tmpl:view' },
  operation: false,
});
