/**
 * GET /api/course/file/content/:id: a course file's bytes for the player. Only a learner in the
 * course's audience (or an administrator holding course:course:view) gets them; the session
 * cookie is the check, ids are unguessable and never public. Range requests (206) come from
 * @fastify/send on the disk backend; `?pdf=1` serves an office document's PDF rendition.
 *
 * A learner's fetch is recorded on their `el_course_learn` row (first fetch time and
 * bytes served, counted from the Range asked for) before the bytes go out, so the heartbeat can
 * refuse credit for a file never fetched and cap a video's watched share at what was served.
 */
import { ErrorCode, RoleType } from '@exam/contracts';
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { elCourseFile, elCourseLearn, sysFile } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import { assertPermission } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { type BlobStore, storedKey } from '../../platform/storage/blob-store.js';
import { fileHeaders, sendStoredFile } from '../system/file/serve-file.js';
import { courseForLearner } from './course-audience.js';

/** The sys_file row a user may fetch for a course file, or an AppError saying why not. */
export async function servableCourseFile(
  db: Executor,
  blobs: BlobStore,
  user: AuthUser | null,
  id: string,
  pdf: boolean,
  now: Date,
) {
  if (!user) throw new AppError(ErrorCode.NOT_LOGIN);
  const [cf] = await db.select().from(elCourseFile).where(eq(elCourseFile.id, id));
  if (!cf) throw new AppError(ErrorCode.NOT_FOUND, '课件不存在或已被删除');
  if (user.roleType === RoleType.ADMIN) await assertPermission(db, user, 'course:course:view');
  else await courseForLearner(db, user, cf.courseId, now);
  const fileId = pdf ? cf.pdfFileId : cf.fileId;
  if (!fileId) throw new AppError(ErrorCode.NOT_FOUND, '该文档没有可预览的 PDF');
  const [file] = await db.select().from(sysFile).where(eq(sysFile.id, fileId));
  const key = file ? await storedKey(blobs, file.storagePath) : null;
  if (!file || !key || !(await blobs.stat(key))) throw new AppError(ErrorCode.NOT_FOUND, '课件文件不存在或已被删除');
  return { file, courseFile: cf, learner: user.roleType !== RoleType.ADMIN };
}

/**
 * Bytes a GET with this Range header answers from a file of `size` bytes: the sum of the
 * satisfiable ranges, the whole file without a header, 0 when none is satisfiable.
 */
export function rangeBytes(header: string | undefined, size: number): number {
  if (!header) return size;
  const m = /^bytes=(.+)$/.exec(header.trim());
  if (!m) return size; // not a byte range: @fastify/send answers the whole file
  let total = 0;
  for (const part of m[1].split(',')) {
    const [a, b] = part.trim().split('-');
    let start: number;
    let end: number;
    if (a === '') {
      start = Math.max(0, size - Number(b));
      end = size - 1;
    } else {
      start = Number(a);
      end = b === '' || b === undefined ? size - 1 : Math.min(Number(b), size - 1);
    }
    if (Number.isFinite(start) && Number.isFinite(end) && end >= start && start < size) total += end - start + 1;
  }
  return total;
}

/** Records that the learner fetched the file's content (first time kept, bytes added). */
async function recordFetch(
  db: Executor,
  userId: string,
  cf: { id: string; courseId: string },
  bytes: number,
  now: Date,
) {
  await db
    .insert(elCourseLearn)
    .values({ userId, fileId: cf.id, courseId: cf.courseId, fetchedAt: now, bytesServed: bytes })
    .onConflictDoUpdate({
      target: [elCourseLearn.userId, elCourseLearn.fileId],
      set: {
        fetchedAt: sql`coalesce(${elCourseLearn.fetchedAt}, excluded.fetched_at)`,
        bytesServed: sql`${elCourseLearn.bytesServed} + excluded.bytes_served`,
      },
    });
}

/**
 * The file service's rule for course files (private-file-rules.ts): a course file or
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
      let servable: Awaited<ReturnType<typeof servableCourseFile>>;
      try {
        servable = await servableCourseFile(
          app.deps.db,
          app.deps.blobs,
          request.authUser,
          request.params.id,
          request.query.pdf === '1',
          app.deps.clock(),
        );
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.code(HTTP_OF[err.code] ?? 404).send({ code: err.code, msg: err.message, data: null });
      }
      const { file } = servable;
      // Recorded before the bytes go out: the player's first heartbeat may follow the first byte.
      if (servable.learner && request.method === 'GET' && request.authUser) {
        const bytes = rangeBytes(request.headers.range, file.size);
        await recordFetch(app.deps.db, request.authUser.id, servable.courseFile, bytes, app.deps.clock());
      }
      fileHeaders(reply, file, 'private, no-store');
      if (await sendStoredFile(request, reply, app.deps.blobs, file.storagePath)) return reply;
      return reply.code(404).send({ code: ErrorCode.NOT_FOUND, msg: '课件文件不存在或已被删除', data: null });
    },
  );
}
