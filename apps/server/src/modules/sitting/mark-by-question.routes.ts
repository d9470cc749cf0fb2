/** /api/paper/mark-qu/*: marking by question, blind, with optional second marking (thin handlers). */
import {
  paperMarkQuArbitrate,
  paperMarkQuArbitrationList,
  paperMarkQuList,
  paperMarkQuQuestionList,
  paperMarkQuSave,
  paperMarkQuSettingDetail,
  paperMarkQuSettingSave,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import {
  markQuArbitrate,
  markQuBoard,
  markQuQuestions,
  markQuSave,
  markSetting,
  saveMarkSetting,
} from './mark-by-question.service.js';

const tags = ['考试-按题阅卷'];

export function registerMarkByQuestionRoutes(app: FastifyInstance): void {
  route(app, paperMarkQuQuestionList, { summary: '按题阅卷：题目', tags }, async ({ body, user, deps }) =>
    markQuQuestions(deps.db, user, body.examId),
  );
  route(app, paperMarkQuList, { summary: '按题阅卷：待评答案', tags }, async ({ body, user, deps }) =>
    markQuBoard(deps.db, user, body.examId, body.quId, 'mark'),
  );
  route(app, paperMarkQuSave, { summary: '按题阅卷：评分', tags }, async ({ body, user, deps }) =>
    markQuSave(deps.db, user, body, deps.clock()),
  );
  route(app, paperMarkQuArbitrationList, { summary: '按题阅卷：仲裁列表', tags }, async ({ body, user, deps }) =>
    markQuBoard(deps.db, user, body.examId, body.quId, 'arbitrate'),
  );
  route(app, paperMarkQuArbitrate, { summary: '按题阅卷：仲裁评分', tags }, async ({ body, user, deps }) =>
    markQuArbitrate(deps.db, user, body, deps.clock()),
  );
  route(app, paperMarkQuSettingDetail, { summary: '双评设置', tags }, async ({ body, deps }) =>
    markSetting(deps.db, body.examId),
  );
  route(app, paperMarkQuSettingSave, { summary: '保存双评设置', tags }, async ({ body, user, deps }) =>
    saveMarkSetting(deps.db, user, body, deps.clock()),
  );
}
