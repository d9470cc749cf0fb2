/** Chapters and their files (课件). A file is an uploaded sys_file (purpose course, private). */
import { Readable } from 'node:stream';
import type { ZCourseChapterSaveSchema, ZCourseFileSaveSchema } from '@exam/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { elCourse, elCourseChapter, elCourseFile, sysFile } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { badParams, conflict, notFound } from '../../platform/errors.js';
import { type BlobStore, storedKey, withLocalCopy } from '../../platform/storage/blob-store.js';
import { guardZipFile, InvalidZipError } from '../../platform/zip-guard.js';
import { markFilesPrivate, storeUpload } from '../system/file/file.service.js';
import { uploadRule } from '../system/file/file-limits.js';
import { extensionOf } from '../system/file/file-types.js';
import { convertToPdf, countPdfPages, kindOfMime, probeDuration, storedPdfPages } from './course-media.js';

async function liveCourse(db: Executor, courseId: string) {
  const [c] = await db
    .select({ id: elCourse.id })
    .from(elCourse)
    .where(and(eq(elCourse.id, courseId), isNull(elCourse.deletedAt)));
  if (!c) throw notFound('课程');
}

export async function saveChapter(db: Executor, input: z.output<typeof ZCourseChapterSaveSchema>): Promise<string> {
  await liveCourse(db, input.courseId);
  const values = { courseId: input.courseId, title: input.title, sort: input.sort };
  if (!input.id) {
    const [row] = await db.insert(elCourseChapter).values(values).returning({ id: elCourseChapter.id });
    return row.id;
  }
  const [row] = await db
    .update(elCourseChapter)
    .set({ title: input.title, sort: input.sort })
    .where(and(eq(elCourseChapter.id, input.id), eq(elCourseChapter.courseId, input.courseId)))
    .returning({ id: elCourseChapter.id });
  if (!row) throw notFound('章节');
  return row.id;
}

export async function deleteChapter(db: Executor, id: string): Promise<void> {
  const [files] = await db.select({ n: count() }).from(elCourseFile).where(eq(elCourseFile.chapterId, id));
  if (files.n > 0) throw conflict('该章节下还有课件，请先删除课件');
  const gone = await db.delete(elCourseChapter).where(eq(elCourseChapter.id, id)).returning({ id: elCourseChapter.id });
  if (gone.length === 0) throw notFound('章节');
}

export interface FileSaveContext {
  ownerId: string;
  /** The storage port (deps.blobs). */
  blobs: BlobStore;
  /** Background work (office conversion) is handed here so tests can await it. */
  background: (task: Promise<unknown>) => void;
}

/** Adds or edits a file of a chapter; media duration is read here, on the server. */
export async function saveCourseFile(
  db: Db,
  input: z.output<typeof ZCourseFileSaveSchema>,
  ctx: FileSaveContext,
): Promise<string> {
  const [ch] = await db.select().from(elCourseChapter).where(eq(elCourseChapter.id, input.chapterId));
  if (!ch) throw badParams('章节：章节不存在或已被删除');
  await liveCourse(db, ch.courseId);
  const [file] = await db.select().from(sysFile).where(eq(sysFile.id, input.fileId));
  if (!file) throw badParams('文件：文件不存在或已被删除，请重新上传');
  const kind = kindOfMime(file.mime);
  if (!kind) throw badParams('文件：课件仅支持视频(mp4/webm)、音频、PDF、图片和 Office 文档(docx/xlsx/pptx)');
  const duration =
    kind === 'video' || kind === 'audio' ? await probeDuration(ctx.blobs, file.storagePath, file.mime) : 0;
  if ((kind === 'video' || kind === 'audio') && duration <= 0)
    throw badParams('文件：无法读取音视频时长，文件可能已损坏');
  if (kind === 'doc') await guardOfficeDocument(ctx.blobs, file.storagePath);
  const pages = kind === 'pdf' ? await storedPdfPages(ctx.blobs, file.storagePath) : 0;
  if (kind === 'pdf' && pages <= 0) throw badParams('文件：无法读取 PDF 页数，文件可能已损坏或已加密');
  const values = {
    pages,
    courseId: ch.courseId,
    chapterId: ch.id,
    fileId: file.id,
    title: input.title,
    kind,
    duration,
    minReadSeconds: input.minReadSeconds,
    required: input.required,
    sort: input.sort,
  };
  let id: string;
  if (!input.id) {
    const [row] = await db.insert(elCourseFile).values(values).returning({ id: elCourseFile.id });
    id = row.id;
  } else {
    const [row] = await db
      .update(elCourseFile)
      .set(values)
      .where(and(eq(elCourseFile.id, input.id), eq(elCourseFile.courseId, ch.courseId)))
      .returning({ id: elCourseFile.id });
    if (!row) throw notFound('课件');
    id = row.id;
  }
  // Course material is private to the course's audience whatever the upload said.
  if (file.audience !== 'private') await markFilesPrivate(db, [file.id]);
  if (kind === 'doc') ctx.background(convertDocument(db, id, file, ctx));
  return id;
}

/** An office document is a zip: the zip guard checks it before LibreOffice inflates it. */
async function guardOfficeDocument(blobs: BlobStore, recorded: string) {
  const key = await storedKey(blobs, recorded);
  if (!key) return; // gone: nothing for LibreOffice to inflate
  try {
    // The guard reads the central directory at random offsets, so it takes a file (a copy from a remote backend).
    await withLocalCopy(blobs, key, (file) => guardZipFile(file));
  } catch (err) {
    if (err instanceof InvalidZipError) throw badParams('文件：Office 文档已损坏，无法读取');
    throw err;
  }
}

/** Makes the PDF rendition once; failures leave the document a download. */
async function convertDocument(db: Db, courseFileId: string, file: typeof sysFile.$inferSelect, ctx: FileSaveContext) {
  const pdf = await convertToPdf(ctx.blobs, file.storagePath, extensionOf(file.originalName)).catch(() => null);
  if (!pdf) return;
  const pages = await countPdfPages(new Uint8Array(pdf));
  const stored = await storeUpload(
    db,
    { filename: `${file.originalName.replace(/\.[^.]+$/, '')}.pdf`, file: Readable.from([pdf]) },
    {
      blobs: ctx.blobs,
      rule: uploadRule('course', 2, Number.MAX_SAFE_INTEGER),
      quotaBytes: Number.MAX_SAFE_INTEGER,
      ownerId: ctx.ownerId,
      audience: 'private',
      now: new Date(),
    },
  );
  await db.update(elCourseFile).set({ pdfFileId: stored.id, pages }).where(eq(elCourseFile.id, courseFileId));
}

export async function deleteCourseFile(db: Executor, id: string): Promise<void> {
  const gone = await db.delete(elCourseFile).where(eq(elCourseFile.id, id)).returning({ id: elCourseFile.id });
  if (gone.length === 0) throw notFound('课件');
}
