/**
 * /api/train/fav/* and /api/train/note/*: the learner's favourites and notes of questions
 *. Every call is the caller's own; the rules are in fav.service.ts.
 */
import {
  trainFavDetail,
  trainFavPaging,
  trainFavSave,
  trainFavStateList,
  trainFavView,
  trainNoteDelete,
  trainNotePaging,
  trainNoteSave,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/route.js';
import { deleteNote, favDetail, favPaging, favStates, favView, saveFav, saveNote } from './fav.service.js';

const tags = ['收藏与笔记'];

/**
 * Reads are registered before writes: the OpenAPI walker (sitting/sitting-walker.api.test.ts) calls
 * paths in document order, so the lists and the view are walked while the learner's favourites
 * and notes of the open paper's questions are still there, before the writes change them.
 */
export function registerFavRoutes(app: FastifyInstance): void {
  route(app, trainFavPaging, { summary: '我的收藏', tags, questionData: true }, async ({ body, user, deps }) =>
    favPaging(deps.db, user.id, 'fav', body.params.keyword, body),
  );
  route(app, trainNotePaging, { summary: '我的笔记', tags, questionData: true }, async ({ body, user, deps }) =>
    favPaging(deps.db, user.id, 'note', body.params.keyword, body),
  );
  route(
    app,
    trainFavView,
    { summary: '查看收藏或笔记的试题（可查看时含答案与解析）', tags, questionData: true },
    async ({ body, user, deps }) => favView(deps.db, user.id, body.quId),
  );
  route(app, trainFavDetail, { summary: '我对一道试题的收藏与笔记', tags }, async ({ body, user, deps }) =>
    favDetail(deps.db, user.id, body.quId),
  );
  route(app, trainFavStateList, { summary: '我对一组试题的收藏与笔记', tags }, async ({ body, user, deps }) =>
    favStates(deps.db, user.id, body.quIds),
  );
  route(app, trainFavSave, { summary: '收藏或取消收藏试题', tags }, async ({ body, user, deps }) =>
    saveFav(deps.db, user.id, body.quId, body.fav, deps.clock()),
  );
  route(app, trainNoteSave, { summary: '保存试题笔记', tags }, async ({ body, user, deps }) =>
    saveNote(deps.db, user.id, body.quId, body.note, deps.clock()),
  );
  route(app, trainNoteDelete, { summary: '删除试题笔记', tags }, async ({ body, user, deps }) =>
    deleteNote(deps.db, user.id, body.quId),
  );
}
