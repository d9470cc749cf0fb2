/**
 * /api/train/*: practice sessions (start, next, fill, finish, paging, detail, clear), the banks
 * open to practice (repo/list, repo/detail) and spaced review (review/stat, review/start).
 * Every call here is the learner's own: a session of another learner answers 10010004.
 */
import {
  ANSWER_BODY_LIMIT_BYTES,
  ZIdSchema,
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
  ZTrainStartedSchema,
  ZTrainStartSchema,
  zPage,
  zPageRequest,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { post, SIGNED_IN } from '../../platform/route.js';
import { clearTrain, finishTrain, startReview, startTrain } from './train.service.js';
import { fillAnswer, nextQuestion, trainDetail } from './train-answer.service.js';
import { pagingTrains, practiceRepoDetail, practiceRepos, reviewStat } from './train-query.service.js';

const TAGS = ['刷题训练'];
const access = SIGNED_IN;

export function registerTrainRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/train/repo/list',
    {
      summary: '开放练习的题库（含我的进度与正确率）',
      tags: TAGS,
      access,
      body: z.object({ title: z.string().trim().max(100).nullish().describe('题库名称') }),
      data: z.array(ZTrainRepoSchema),
    },
    async ({ body, user, deps }) => practiceRepos(deps.db, user.id, body.title),
  );

  post(
    app,
    '/api/train/repo/detail',
    { summary: '练习题库详情', tags: TAGS, access, body: ZIdSchema, data: ZTrainRepoDetailSchema },
    async ({ body, user, deps }) => practiceRepoDetail(deps.db, user.id, body.id),
  );

  post(
    app,
    '/api/train/start',
    { summary: '开始或继续训练', tags: TAGS, access, body: ZTrainStartSchema, data: ZTrainStartedSchema },
    async ({ body, user, deps }) => startTrain(deps.db, user.id, body, deps.clock()),
  );

  post(
    app,
    '/api/train/next',
    {
      summary: '取训练中的一道题',
      tags: TAGS,
      access,
      body: ZTrainNextSchema,
      data: ZTrainQuSchema,
      questionData: true,
    },
    async ({ body, user, deps }) => nextQuestion(deps.db, user.id, body.trainId, body.sort, deps.clock()),
  );

  post(
    app,
    '/api/train/fill',
    {
      summary: '提交答案（模拟考试以外即时判题）',
      tags: TAGS,
      access,
      body: ZTrainFillSchema,
      data: ZTrainFillResultSchema,
      rateLimit: { max: 600, timeWindow: 60_000 },
      questionData: true,
      bodyLimit: ANSWER_BODY_LIMIT_BYTES,
    },
    async ({ body, user, deps }) => fillAnswer(deps.db, user.id, body, deps.clock()),
  );

  post(
    app,
    '/api/train/finish',
    { summary: '结束训练', tags: TAGS, access, body: ZTrainIdSchema, data: ZTrainDetailSchema },
    async ({ body, user, deps }) => {
      const now = deps.clock();
      await finishTrain(deps.db, user.id, body.trainId, now);
      return trainDetail(deps.db, user.id, body.trainId, now);
    },
  );

  post(
    app,
    '/api/train/detail',
    { summary: '训练详情与答题卡', tags: TAGS, access, body: ZTrainIdSchema, data: ZTrainDetailSchema },
    async ({ body, user, deps }) => trainDetail(deps.db, user.id, body.trainId, deps.clock()),
  );

  post(
    app,
    '/api/train/paging',
    {
      summary: '我的训练记录',
      tags: TAGS,
      access,
      body: zPageRequest(ZTrainPagingParamsSchema),
      data: zPage(ZTrainRecordSchema),
    },
    async ({ body, user, deps }) => pagingTrains(deps.db, user.id, body),
  );

  post(
    app,
    '/api/train/clear',
    { summary: '重新开始（清除该模式的进度）', tags: TAGS, access, body: ZTrainClearSchema, data: z.null() },
    async ({ body, user, deps }) => {
      await clearTrain(deps.db, user.id, body.repoId, body.mode, deps.clock());
      return null;
    },
  );

  post(
    app,
    '/api/train/review/stat',
    { summary: '今日待复习题数', tags: TAGS, access, data: ZReviewStatSchema },
    async ({ user, deps }) => reviewStat(deps.db, user.id, deps.clock()),
  );

  post(
    app,
    '/api/train/review/start',
    { summary: '开始错题复习', tags: TAGS, access, body: ZReviewStartSchema, data: ZTrainStartedSchema },
    async ({ body, user, deps }) => startReview(deps.db, user.id, body.count, deps.clock()),
  );
}
