/** /api/book/*: the learner's wrong-answer book (thin handlers). */
import {
  ZBookNextSchema,
  ZBookPagingParamsSchema,
  ZBookQuSchema,
  ZBookRecordSchema,
  ZBookSubmitResultSchema,
  ZBookSubmitSchema,
  ZIdsSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { post, SIGNED_IN } from '../../platform/route.js';
import { bookDelete, bookNext, bookPaging, bookSubmit } from './book.service.js';

const tags = ['考试-错题本'];

export function registerBookRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/book/paging',
    {
      summary: '我的错题（可按考试筛选）',
      tags,
      access: SIGNED_IN,
      body: zPageRequest(ZBookPagingParamsSchema),
      data: zPage(ZBookRecordSchema),
      questionData: true,
    },
    async ({ body, user, deps }) => bookPaging(deps.db, user.id, body.params, body.current, body.size),
  );
  post(
    app,
    '/api/book/delete',
    { summary: '移出错题本', tags, access: SIGNED_IN, body: ZIdsSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await bookDelete(deps.db, user.id, body.ids);
      return null;
    },
  );
  post(
    app,
    '/api/book/next',
    {
      summary: '下一道错题（不含答案；没有时为空）',
      tags,
      access: SIGNED_IN,
      body: ZBookNextSchema,
      data: ZBookQuSchema.nullable(),
      questionData: true,
    },
    async ({ body, user, deps }) => bookNext(deps.db, user.id, body),
  );
  post(
    app,
    '/api/book/submit',
    {
      summary: '提交错题重做答案',
      tags,
      access: SIGNED_IN,
      body: ZBookSubmitSchema,
      data: ZBookSubmitResultSchema,
      questionData: true,
    },
    async ({ body, user, deps }) => bookSubmit(deps.db, user.id, body, deps.clock()),
  );
}
