/** Import (xlsx or docx, with a per-row report) and export (xlsx) of questions, and the template. */
import type { TQuDetail, TQuSave } from '@exam/contracts';
import { and, desc, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { elQu, elRepo } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { badParams } from '../../platform/errors.js';
import { XLSX_TYPE } from '../../platform/xlsx.js';
import { IMPORT_MAX_BYTES, importBuffer } from '../../platform/xlsx-read.js';
import { questionDetails, questionFilter } from './qu.service.js';
import { docxColumnOf, readQuestionsDocx } from './qu-docx.js';
import { checkItemsYielding, importChecked } from './qu-import.js';
import { normaliseQuestion } from './qu-rules.js';
import { QU_TEMPLATE_SAMPLES } from './qu-samples.js';
import { readQuestionsXlsx, writeQuestionsXlsx, xlsxColumnOf } from './qu-xlsx.js';

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
  body: { repoId?: string | null; ids?: string[] | null; params?: Record<string, unknown> | null },
  now: Date,
) {
  const filter = questionFilter({
    ...(body.params ?? {}),
    repoId: body.repoId ?? (body.params?.repoId as string | undefined),
  });
  const rows = await db
    .select({ id: elQu.id })
    .from(elQu)
    .where(body.ids?.length ? and(filter, inArray(elQu.id, body.ids)) : and(filter, isNull(elQu.parentId)))
    .orderBy(desc(elQu.createdAt), desc(elQu.id))
    .limit(MAX_EXPORT);
  const details = await questionDetails(db, rows.map((r) => r.id).reverse());
  const stamp = now.toISOString().slice(0, 10).replace(/-/g, '');
  return { fileName: `试题导出-${stamp}.xlsx`, contentType: XLSX_TYPE, body: await writeQuestionsXlsx(details) };
}

/** Reads the multipart parts: the file and the fields repoId (one or more) and onlyValid. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badParams('文件：请使用 multipart/form-data 上传');
  let file: { name: string; buffer: Buffer } | null = null;
  const repoIds: string[] = [];
  let onlyValid = false;
  for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
    if (part.type === 'file') {
      if (part.fieldname === 'file') file = { name: part.filename, buffer: await importBuffer(part) };
      else part.file.resume();
    } else if (part.fieldname === 'repoId' || part.fieldname === 'repoIds') {
      repoIds.push(...String(part.value).split(',').filter(Boolean));
    } else if (part.fieldname === 'onlyValid') {
      onlyValid = String(part.value) === 'true' || String(part.value) === '1';
    }
  }
  if (!file) throw badParams('文件：请选择要导入的 xlsx 或 docx 文件');
  if (repoIds.length === 0) throw badParams('所属题库：请选择导入到的题库');
  return { file, repoIds, onlyValid };
}

/** Imports an uploaded xlsx or docx file into banks; answers the report. */
export async function importQuestionFile(db: Executor, request: FastifyRequest, userId: string) {
  const { file, repoIds, onlyValid } = await readUpload(request);
  const live = await db
    .select({ id: elRepo.id })
    .from(elRepo)
    .where(and(inArray(elRepo.id, repoIds), isNull(elRepo.deletedAt)));
  if (live.length !== new Set(repoIds).size) throw badParams('所属题库：题库不存在或已被删除');
  const isDocx = /\.docx$/i.test(file.name);
  if (!isDocx && !/\.xlsx$/i.test(file.name)) throw badParams('文件：只支持 .xlsx 或 .docx 文件');
  const items = isDocx ? await readQuestionsDocx(file.buffer) : await readQuestionsXlsx(file.buffer);
  const checked = await checkItemsYielding(items, isDocx ? docxColumnOf : xlsxColumnOf);
  return importChecked(db, checked, { repoIds: [...new Set(repoIds)], onlyValid, userId });
}
