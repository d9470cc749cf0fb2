/**
 * /api/train/*: practice sessions (start, next, fill, self-mark, finish, paging, detail, clear), the banks
 * open to practice (repo/list, repo/detail) and spaced review (review/stat, review/start).
 * Every call here is the learner's own: a session of another learner answers 10010004.
 */
import {
  ANSWER_BODY_LIMIT_BYTES,
  trainClear,
  trainDetail,
  trainFill,
  trainFinish,
  trainNext,
  trainPaging,
  trainRepoDetail,
  trainRepoList,
  trainReviewStart,
  trainReviewStat,
  trainSelfMark,
  trainStart,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { clearTrain, finishTrain, startReview, startTrain } from './train.service.js';
import { nextQuestion, trainDetail as readTrainDetail } from './train-answer.service.js';
import { fillAnswer } from './train-fill.js';
import { pagingTrains, practiceRepoDetail, practiceRepos, reviewStat } from './train-query.service.js';
import { selfMark } from './train-self-mark.js';

const TAGS = ['刷题训练'];

export function registerTrainRoutes(app: FastifyInstance): void {
  route(
    app,
    trainRepoList,
    { summary: '开放练习的题库（含我的进度与正确率）', tags: TAGS },
    async ({ body, user, deps }) => practiceRepos(deps.db, user.id, body.title),
  );

  route(app, trainRepoDetail, { summary: '练习题库详情', tags: TAGS }, async ({ body, user, deps }) =>
    practiceRepoDetail(deps.db, user.id, body.id),
  );

  route(app, trainStart, { summary: '开始或继续训练', tags: TAGS }, async ({ body, user, deps }) =>
    startTrain(deps.db, user.id, body, deps.clock()),
  );

  route(app, trainNext, { summary: '取训练中的一道题', tags: TAGS, questionData: true }, async ({ body, user, deps }) =>
    nextQuestion(deps.db, user.id, body.trainId, body.sort, deps.clock()),
  );

  route(
    app,
    trainFill,
    {
      summary: '提交答案（模拟考试以外即时判题）',
      tags: TAGS,
      rateLimit: { max: 600, timeWindow: 60_000, per: 'user' },
      questionData: true,
      bodyLimit: ANSWER_BODY_LIMIT_BYTES,
    },
    async ({ body, user, deps }) => fillAnswer(deps.db, user.id, body, deps.clock()),
  );

  route(
    app,
    trainSelfMark,
    {
      summary: '自评（人工判分题作答后自己判断对错）',
      tags: TAGS,
      rateLimit: { max: 600, timeWindow: 60_000, per: 'user' },
    },
    async ({ body, user, deps }) => selfMark(deps.db, user.id, body, deps.clock()),
  );

  route(app, trainFinish, { summary: '结束训练', tags: TAGS }, async ({ body, user, deps }) => {
    const now = deps.clock();
    await finishTrain(deps.db, user.id, body.trainId, now);
    return readTrainDetail(deps.db, user.id, body.trainId, now);
  });

  route(app, trainDetail, { summary: '训练详情与答题卡', tags: TAGS }, async ({ body, user, deps }) =>
    readTrainDetail(deps.db, user.id, body.trainId, deps.clock()),
  );

  route(app, trainPaging, { summary: '我的训练记录', tags: TAGS }, async ({ body, user, deps }) =>
    pagingTrains(deps.db, user.id, body),
  );

  route(app, trainClear, { summary: '重新开始（清除该模式的进度）', tags: TAGS }, async ({ body, user, deps }) => {
    await clearTrain(deps.db, user.id, body.repoId, body.mode, deps.clock());
    return null;
  });

  route(app, trainReviewStat, { summary: '今日待复习题数', tags: TAGS }, async ({ user, deps }) =>
    reviewStat(deps.db, user.id, deps.clock()),
  );

  route(app, trainReviewStart, { summary: '开始错题复习', tags: TAGS }, async ({ body, user, deps }) =>
    startReview(deps.db, user.id, body.count, deps.clock()),
  );
}
