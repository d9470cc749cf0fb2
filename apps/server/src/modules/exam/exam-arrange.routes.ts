/** /api/exam/exam/{override-*, resit-*, restore}: arrangements, re-sits and archive restore. */
import {
  examExamOverrideDelete,
  examExamOverrideList,
  examExamOverrideSave,
  examExamResit,
  examExamResitPreview,
  examExamRestore,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { restoreExams } from './exam-archive.js';
import { arrangeResit, deleteOverrides, listOverrides, resitPreview, saveOverride } from './exam-override.service.js';

const tags = ['考试-考试'];

export function registerExamArrangeRoutes(app: FastifyInstance): void {
  route(app, examExamOverrideList, { summary: '个别安排列表', tags }, async ({ body, user, deps }) =>
    listOverrides(deps.db, user, body.examId),
  );
  route(app, examExamOverrideSave, { summary: '保存个别安排', tags }, async ({ body, user, deps }) => ({
    id: await saveOverride(deps.db, user, body),
  }));
  route(app, examExamOverrideDelete, { summary: '删除个别安排', tags }, async ({ body, user, deps }) => {
    await deleteOverrides(deps.db, user, body.ids);
    return null;
  });
  route(app, examExamResitPreview, { summary: '可补考的考生', tags }, async ({ body, user, deps }) =>
    resitPreview(deps.db, user, body.examId, body),
  );
  route(app, examExamResit, { summary: '安排补考', tags }, async ({ body, user, deps }) => ({
    count: await arrangeResit(deps.db, user, body),
  }));
  route(app, examExamRestore, { summary: '恢复已归档考试', tags }, async ({ body, deps }) => {
    await restoreExams(deps.db, body.ids);
    return null;
  });
}
