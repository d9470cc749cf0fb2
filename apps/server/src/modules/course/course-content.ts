/**
 * GET /api/course/file/content/:id: a course file's bytes for the player. Only a learner in the
 * course's audience (or an administrator holding course:course:view) gets them; the session
 * cookie is the check, ids are unguessable and never public. Range requests (206) come from
 * @fastify/send on the disk backend; `?pdf=1` serves an office document's PDF rendition.
 */
import { ErrorCode, RoleType } from '@exam/contracts';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { elCourseFile, sysFile } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import { assertPermission } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { fileHeaders, sendStoredFile } from '../system/file/serve-file.js';
import { fileStorage } from '../system/file/storage.js';
import { courseForLearner } from './course-audience.js';

/** The sys_file row a user may fetch for a course file, or an AppError saying why not. */
export async function servableCourseFile(db: Executor, user: AuthUser | null, id: string, pdf: boolean, now: Date) {
  if (!user) throw new AppError(ErrorCode.NOT_LOGIN);
  const [cf] = await db.select().from(elCourseFile).where(eq(elCourseFile.id, id));
  if (!cf) throw new AppError(ErrorCode.NOT_FOUND, '课件不存在或已被删除');
  if (user.roleType === RoleType.ADMIN) await assertPermission(db, user, 'course:course:view');
  else await courseForLearner(db, user, cf.courseId, now);
  const fileId = pdf ? cf.pdfFileId : cf.fileId;
  if (!fileId) throw new AppError(ErrorCode.NOT_FOUND, '该文档没有可预览的 PDF');
  const [file] = await db.select().from(sysFile).where(eq(sysFile.id, fileId));
  if (!file || !(await fileStorage.exists(file.storagePath)))
    throw new AppError(ErrorCode.NOT_FOUND, '课件文件不存在或已被删除');
  return file;
}

/**
 * The file service's rule for course files (private-file-rules.ts, issue 21 §8): a course file or
 * its PDF rendition is never served by /api/common/file, only here, behind the audience check.
 */
export async function courseFileOutsideRefused(db: Executor, fileId: string): Promise<false | null> {
  const [held] = await db
    .select({ id: elCourseFile.id })
    .from(elCourseFile)
    .where(or(eq(elCourseFile.fileId, fileId), eq(elCourseFile.pdfFileId, fileId)))
    .limit(1);
  return held ? false : null;
}

const HTTP_OF: Record<number, number> = { [ErrorCode.NOT_LOGIN]: 401, [ErrorCode.NO_PERMISSION]: 403 };

export function registerCourseContent(app: FastifyInstance): void {
  app.get<{ Params: { id: string }; Querystring: { pdf?: string } }>(
    '/api/course/file/content/:id',
    { schema: { summary: '课件内容（音视频支持 Range 分段；仅学习范围内的学员）', tags: ['课程学习'] } },
    async (request, reply) => {
      let file: Awaited<ReturnType<typeof servableCourseFile>>;
      try {
        file = await servableCourseFile(
          app.deps.db,
          request.authUser,
          request.params.id,
          request.query.pdf === '1',
          app.deps.clock(),
        );
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.code(HTTP_OF[err.code] ?? 404).send({ code: err.code, msg: err.message, data: null });
      }
      fileHeaders(reply, file, 'private, no-store');
      if (await sendStoredFile(request, reply, file.storagePath)) return reply;
      return reply.code(404).send({ code: ErrorCode.NOT_FOUND, msg: '课件文件不存在或已被删除', data: null });
    },
  );
}
