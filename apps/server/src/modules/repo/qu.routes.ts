/** /api/repo/qu/*: questions, their import and export, and the learner view. */
import {
  EXPORT_NOTE_HEADER,
  repoQuBatchCopy,
  repoQuBatchMove,
  repoQuDelete,
  repoQuDetail,
  repoQuExport,
  repoQuImport,
  repoQuImportTemplate,
  repoQuPaging,
  repoQuSave,
  repoQuView,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route, routeFile, routeUpload } from '../../platform/route.js';
import { exportNote } from './interchange/export.js';
import { batchLink, deleteQuestions, pagingQuestions, questionDetail, saveQuestion } from './qu.service.js';
import { exportQuestions, importQuestionFile, questionTemplate, XLSX_TYPE } from './qu-io.service.js';
import { learnerQuestion } from './question-reader.js';

const TAGS = ['试题'];

export function registerQuRoutes(app: FastifyInstance): void {
  route(
    app,
    repoQuPaging,
    { summary: '试题分页（题库、题型、难度、知识点、关键字）', tags: TAGS },
    async ({ body, deps }) => pagingQuestions(deps.db, body),
  );

  route(
    app,
    repoQuSave,
    { summary: '保存试题', tags: TAGS, bodyLimit: 4 * 1024 * 1024 },
    async ({ body, user, deps }) => ({ id: await saveQuestion(deps.db, body, user.id) }),
  );

  route(app, repoQuDetail, { summary: '试题详情（含答案，管理员）', tags: TAGS }, async ({ body, deps }) =>
    questionDetail(deps.db, body.id),
  );

  route(app, repoQuDelete, { summary: '删除试题', tags: TAGS }, async ({ body, deps }) => {
    await deleteQuestions(deps.db, body.ids, deps.clock());
    return null;
  });

  route(app, repoQuBatchMove, { summary: '批量移动试题到题库', tags: TAGS }, async ({ body, deps }) => ({
    count: await batchLink(deps.db, body, true),
  }));

  route(
    app,
    repoQuBatchCopy,
    { summary: '批量复制试题到题库（试题同时属于两个题库）', tags: TAGS },
    async ({ body, deps }) => ({ count: await batchLink(deps.db, body, false) }),
  );

  routeFile(app, repoQuImportTemplate, { summary: '下载试题导入模板（xlsx）', tags: TAGS }, async () => ({
    fileName: '试题导入模板.xlsx',
    contentType: XLSX_TYPE,
    body: await questionTemplate(),
  }));

  routeUpload(
    app,
    repoQuImport,
    {
      summary:
        '导入试题（字段 file；repoId；format=auto|xlsx|docx|moodle-xml|gift|aiken|qti；preview=true 只预览不写入；onlyValid=true 只导入正确的题；category=tag|bank 文件中的分类（Moodle $course$/A/B、GIFT $CATEGORY:）作为知识点（默认）或作为目标题库：同名题库已存在则导入其中，否则新建，预览的 banks 列出各分类的题库与题数）',
      tags: TAGS,
    },
    async ({ request, user, deps }) => importQuestionFile(deps, request, user),
  );

  routeFile(
    app,
    repoQuExport,
    { summary: '导出试题（format=xlsx|docx|moodle-xml|gift|qti，默认 xlsx，与导入格式相同）', tags: TAGS },
    async ({ body, deps, reply }) => {
      const { skipped = [], ...file } = await exportQuestions(deps.db, body, deps.clock());
      // What the format cannot carry is marked in the file and named here, for the page to show.
      if (skipped.length) reply.header(EXPORT_NOTE_HEADER, exportNote(skipped));
      return file;
    },
  );

  route(
    app,
    repoQuView,
    { summary: '学员查看试题（答案与解析仅在允许时提供）', tags: TAGS, questionData: true },
    async ({ body, user, deps }) => learnerQuestion(deps.db, user.id, body.id),
  );
}
