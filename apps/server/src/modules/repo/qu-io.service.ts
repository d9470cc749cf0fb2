/**
 * Import and export of questions in every format: xlsx and docx (our layouts), GIFT,
 * Aiken, Moodle XML and QTI (interchange/), with a preview that writes nothing; and the template.
 * Every file is read off the request thread (xlsx, docx and the interchange readers run in capped
 * workers); the import's progress goes to the user's realtime topic.
 */
import {
  QU_IMPORT_CATEGORY,
  QU_IMPORT_FORMATS,
  QU_IMPORT_PROGRESS_EVENT,
  QU_IMPORT_PROGRESS_ID,
  type TQuDetail,
  type TQuExportFormat,
  type TQuImportCategory,
  type TQuImportFormat,
  type TQuImportProgress,
  type TQuSave,
} from '@exam/contracts';
import { and, asc, desc, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { elQu, elRepo } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import type { AppDeps } from '../../platform/deps.js';
import { badParams } from '../../platform/errors.js';
import { realtimeHub } from '../../platform/realtime/index.js';
import { XLSX_TYPE } from '../../platform/xlsx.js';
import { IMPORT_MAX_BYTES, importBuffer } from '../../platform/xlsx-read.js';
import { quotaFor } from '../system/file/file-limits.js';
import { holdImport } from './import-guard.js';
import { detectFormat } from './interchange/detect.js';
import { writeQuestionsIn } from './interchange/export.js';
import { findDuplicates, storeImages } from './interchange/import.js';
import { assertImportSize } from './interchange/import-cap.js';
import type { InterImage } from './interchange/model.js';
import { readOffThread } from './interchange/read-off-thread.js';
import { questionDetails, questionFilter, withKnowledgeFilter } from './qu.service.js';
import { docxColumnOf, readQuestionsDocx } from './qu-docx.js';
import { type CheckedItem, checkItemsYielding, type ImportItem, importChecked } from './qu-import.js';
import { normaliseQuestion } from './qu-rules.js';
import { QU_TEMPLATE_SAMPLES } from './qu-samples.js';
import { readQuestionsXlsx, writeQuestionsXlsx, xlsxColumnOf } from './qu-xlsx.js';
import { saveRepo } from './repo.service.js';

export { XLSX_TYPE };

const MAX_EXPORT = 5000;

/** Sample questions as the editor would send them, shaped like a detail. */
export function sampleDetails(samples: TQuSave[]): TQuDetail[] {
  return samples.map((s, n) => {
    const q = normaliseQuestion(s);
    const out = (c: typeof q, i: number) => ({
      id: String(i),
      type: c.type,
      level: c.level,
      content: c.content,
      analysis: c.analysis,
      options: c.options,
      answer: c.answer as Record<string, unknown>,
      sort: i,
    });
    return {
      ...out(q, n),
      tags: s.tags,
      repoIds: [],
      children: q.children.map((c, i) => out(c, i + 1)),
      createdAt: new Date(),
      updatedAt: new Date(),
    };
  });
}

/** The import template: one sample of every type, composite included, and a guide sheet. */
export function questionTemplate(): Promise<Buffer> {
  return writeQuestionsXlsx(sampleDetails(QU_TEMPLATE_SAMPLES), true);
}

/** Exports the chosen questions, or those matching the filters, in the import format. */
export async function exportQuestions(
  db: Executor,
  body: {
    repoId?: string | null;
    ids?: string[] | null;
    params?: Record<string, unknown> | null;
    format?: TQuExportFormat | null;
  },
  now: Date,
) {
  const filter = questionFilter(
    await withKnowledgeFilter(db, {
      ...(body.params ?? {}),
      repoId: body.repoId ?? (body.params?.repoId as string | undefined),
    }),
  );
  const rows = await db
    .select({ id: elQu.id })
    .from(elQu)
    .where(body.ids?.length ? and(filter, inArray(elQu.id, body.ids)) : and(filter, isNull(elQu.parentId)))
    .orderBy(desc(elQu.createdAt), desc(elQu.id))
    .limit(MAX_EXPORT);
  const details = await questionDetails(db, rows.map((r) => r.id).reverse());
  const stamp = now.toISOString().slice(0, 10).replace(/-/g, '');
  const format = body.format ?? 'xlsx';
  if (format === 'xlsx')
    return { fileName: `试题导出-${stamp}.xlsx`, contentType: XLSX_TYPE, body: await writeQuestionsXlsx(details) };
  const file = await writeQuestionsIn(format, details);
  return {
    fileName: `试题导出-${stamp}${file.extension}`,
    contentType: file.contentType,
    body: file.body,
    skipped: file.skipped,
  };
}

/** Reads the multipart parts: the file and the fields repoId (one or more), format, preview and onlyValid. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badParams('文件：请使用 multipart/form-data 上传');
  let file: { name: string; buffer: Buffer } | null = null;
  const repoIds: string[] = [];
  let onlyValid = false;
  let preview = false;
  let format: TQuImportFormat = 'auto';
  let category: TQuImportCategory = 'tag';
  let progressId: string | null = null;
  const yes = (v: unknown) => String(v) === 'true' || String(v) === '1';
  for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
    if (part.type === 'file') {
      if (part.fieldname === 'file') file = { name: part.filename, buffer: await importBuffer(part) };
      else part.file.resume();
    } else if (part.fieldname === 'repoId' || part.fieldname === 'repoIds') {
      repoIds.push(...String(part.value).split(',').filter(Boolean));
    } else if (part.fieldname === 'onlyValid') onlyValid = yes(part.value);
    else if (part.fieldname === 'preview') preview = yes(part.value);
    else if (part.fieldname === 'progressId') {
      const value = String(part.value);
      if (!QU_IMPORT_PROGRESS_ID.test(value)) throw badParams('进度标识：应为 1-40 位字母、数字、- 或 _');
      progressId = value;
    } else if (part.fieldname === 'category') {
      const value = String(part.value || 'tag') as TQuImportCategory;
      if (!QU_IMPORT_CATEGORY.includes(value)) throw badParams('分类：应为 tag（作为知识点）或 bank（作为目标题库）');
      category = value;
    } else if (part.fieldname === 'format') {
      const value = String(part.value || 'auto') as TQuImportFormat;
      if (!QU_IMPORT_FORMATS.includes(value)) throw badParams(`格式：不支持的格式“${String(part.value).slice(0, 20)}”`);
      format = value;
    }
  }
  if (!file) throw badParams('文件：请选择要导入的文件');
  if (repoIds.length === 0) throw badParams('所属题库：请选择导入到的题库');
  return { file, repoIds, onlyValid, preview, format, category, progressId };
}

/** The import items of a file in a given format, the items it skipped and its images (read in workers). */
async function readFile(format: Exclude<TQuImportFormat, 'auto'>, buffer: Buffer, category: TQuImportCategory) {
  if (format === 'xlsx') return { items: await readQuestionsXlsx(buffer), columnOf: xlsxColumnOf };
  if (format === 'docx') return { items: await readQuestionsDocx(buffer), columnOf: docxColumnOf };
  return { ...(await readOffThread(format, buffer, category)), columnOf: docxColumnOf };
}

/** Least time between two progress events of one phase. */
const PROGRESS_EVERY_MS = 300;

/**
 * Publishes an import's progress on the user's topic (every instance's stream relays it): each new
 * phase at once, then at most every PROGRESS_EVERY_MS. Nothing without a `progressId`.
 */
function progressOf(userId: string, progressId: string | null) {
  let last: { phase: string; at: number } | null = null;
  return (phase: TQuImportProgress['phase'], done: number, total: number) => {
    if (!progressId) return;
    const now = Date.now();
    if (last?.phase === phase && now - last.at < PROGRESS_EVERY_MS && done < total) return;
    last = { phase, at: now };
    const data: TQuImportProgress = { progressId, phase, done, total };
    realtimeHub.publish(`user:${userId}`, { type: QU_IMPORT_PROGRESS_EVENT, data });
  };
}

/** Live banks by title (the oldest of equal titles), for categories imported as banks. */
async function banksByTitle(db: Executor, titles: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: elRepo.id, title: elRepo.title })
    .from(elRepo)
    .where(and(inArray(elRepo.title, titles), isNull(elRepo.deletedAt)))
    .orderBy(asc(elRepo.createdAt), asc(elRepo.id));
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.title)) out.set(r.title, r.id);
  return out;
}

/** Imports (or previews) an uploaded question file into banks; answers the report. */
export async function importQuestionFile(deps: AppDeps, request: FastifyRequest, user: AuthUser) {
  const upload = await readUpload(request);
  const release = upload.preview ? () => undefined : holdImport(user.id, upload.repoIds);
  try {
    return await importUpload(deps, upload, user);
  } finally {
    release();
  }
}

async function importUpload(deps: AppDeps, upload: Awaited<ReturnType<typeof readUpload>>, user: AuthUser) {
  const { db } = deps;
  const { file, repoIds, onlyValid, preview, format: asked, category, progressId } = upload;
  const progress = progressOf(user.id, progressId);
  const live = await db
    .select({ id: elRepo.id })
    .from(elRepo)
    .where(and(inArray(elRepo.id, repoIds), isNull(elRepo.deletedAt)));
  if (live.length !== new Set(repoIds).size) throw badParams('所属题库：题库不存在或已被删除');
  const format = asked === 'auto' ? await detectFormat(file.buffer, file.name) : asked;
  if (!format)
    throw badParams('文件：无法识别文件格式，支持 xlsx、docx、Moodle XML、GIFT、Aiken、IMS QTI，也可在“格式”中指定');
  progress('parse', 0, 0);
  const read: {
    items: ImportItem[];
    columnOf: (f: string) => string;
    skipped?: { place: string; reason: string }[];
    images?: InterImage[];
  } = await readFile(format, file.buffer, category);
  assertImportSize(read.items.length);
  const checked = await checkItemsYielding(read.items, read.columnOf, progress);
  const targets = [...new Set(repoIds)];
  const images = read.images ?? [];
  return importChecked(db, checked, {
    repoIds: targets,
    onlyValid,
    userId: user.id,
    preview,
    skipped: read.skipped,
    onProgress: progress,
    duplicates: (all: CheckedItem[], banks) => findDuplicates(db, all, targets, banks),
    banks: {
      existing: (titles) => banksByTitle(db, titles),
      create: (tx, title) => saveRepo(tx, { title, practiceEnabled: false }, user.id),
    },
    prepare: images.length
      ? (valid) =>
          storeImages(db, valid, images, {
            blobs: deps.blobs,
            userId: user.id,
            quotaBytes: quotaFor(user.roleType, deps.config.uploadQuotaBytes),
            now: deps.clock(),
          })
      : undefined,
  });
}
