import { bookDelete, bookNext, bookPaging, bookSubmit, bookSummary } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import {
  bookDelete as doBookDelete,
  bookNext as doBookNext,
  bookPaging as doBookPaging,
  bookSubmit as doBookSubmit,
  bookSummary as doBookSummary,
} from './book.service.js';

const tags = ['考试-错题本'];

export function registerBookRoutes(app: FastifyInstance): void {
  route(app, bookSummary, { summary: '我的错题本：规则与按考试、题库、题型的错题数', tags }, async ({ user, deps }) =>
    doBookSummary(deps.db, user.id),
  );
  route(
    app,
    bookPaging,
    { summary: '我的错题（可按考试筛选）', tags, questionData: true },
    async ({ body, user, deps }) => doBookPaging(deps.db, user.id, body.params, body.current, body.size),
  );
  route(app, bookDelete, { summary: '移出错题本', tags }, async ({ body, user, deps }) => {
    await doBookDelete(deps.db, user.id, body.ids);
    return null;
  });
  route(
    app,
    bookNext,
    { summary: '下一道错题（不含答案；没有时为空）', tags, questionData: true },
    async ({ body, user, deps }) => doBookNext(deps.db, user.id, body),
  );
  route(app, bookSubmit, { summary: '提交错题重做答案', tags, questionData: true }, async ({ body, user, deps }) =>
    doBookSubmit(deps.db, user.id, body, deps.clock()),
  );
}
