/** /api/exam/exam/*: exams for administrators, and the learner's online list and check page. */
import {
  examExamCheck,
  examExamDelete,
  examExamDetail,
  examExamOnlinePaging,
  examExamPaging,
  examExamSave,
  examExamState,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { examDetail, examPaging, saveExam, setExamState } from './exam.service.js';
import { deleteMessage, deleteOrArchive } from './exam-archive.js';
import { examCheck, onlinePaging } from './online.service.js';

const tags = ['考试-考试'];

export function registerExamRoutes(app: FastifyInstance): void {
  route(app, examExamPaging, { summary: '考试分页（管理）', tags }, async ({ body, deps }) =>
    examPaging(deps.db, body.params, body.current, body.size, deps.clock()),
  );
  route(app, examExamSave, { summary: '保存考试', tags, bodyLimit: 1024 * 1024 }, async ({ body, user, deps }) => ({
    id: await saveExam(deps.db, body, user.id),
  }));
  route(app, examExamDetail, { summary: '考试详情（管理）', tags }, async ({ body, deps }) =>
    examDetail(deps.db, body.id, deps.clock()),
  );
  // An exam with papers is archived, not deleted; the message says which.
  route(app, examExamDelete, { summary: '删除考试', tags }, async (ctx) => {
    ctx.successMsg = deleteMessage(await deleteOrArchive(ctx.deps.db, ctx.body.ids, ctx.deps.clock()));
    return null;
  });
  route(app, examExamState, { summary: '发布/关闭考试', tags }, async ({ body, deps }) => {
    await setExamState(deps.db, body.ids, body.state);
    return null;
  });
  route(app, examExamOnlinePaging, { summary: '我可以参加的考试', tags }, async ({ body, user, deps }) =>
    onlinePaging(deps.db, user, body.params, body.current, body.size, deps.clock(), deps.config.timeZone),
  );
  route(app, examExamCheck, { summary: '考前检查（考试须知与能否开始）', tags }, async ({ body, user, deps }) =>
    examCheck(deps.db, user, body.id, deps.clock(), deps.config.timeZone),
  );
}
