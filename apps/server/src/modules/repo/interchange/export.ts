/** Export of questions in the interchange formats (docx, GIFT, Moodle XML, a QTI 3.0 content package). */
import type { TQuExportFormat } from '@exam/contracts';
import { writeQuestionsDocx } from './formats/docx.js';
import { writeGift } from './formats/gift.js';
import { writeMoodleXml } from './formats/moodle-xml.js';
import { writeQtiPackage } from './formats/qti-package.js';
import type { Skip, StoredQuestion } from './model.js';
import { toInterchange } from './registry.js';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export async function writeQuestionsIn(
  format: Exclude<TQuExportFormat, 'xlsx'>,
  questions: StoredQuestion[],
): Promise<{ body: Buffer; contentType: string; extension: string; skipped: Skip[] }> {
  if (format === 'docx')
    return { body: await writeQuestionsDocx(questions), contentType: DOCX_TYPE, extension: '.docx', skipped: [] };
  const models = questions.map(toInterchange);
  if (format === 'qti') {
    const { body, skipped } = writeQtiPackage(models);
    return { body, contentType: 'application/zip', extension: '.qti.zip', skipped };
  }
  if (format === 'gift') {
    const { text, skipped } = writeGift(models);
    const body = Buffer.from(text, 'utf8');
    return { body, contentType: 'text/plain; charset=utf-8', extension: '.gift.txt', skipped };
  }
  const { text, skipped } = writeMoodleXml(models);
  return { body: Buffer.from(text, 'utf8'), contentType: 'application/xml; charset=utf-8', extension: '.xml', skipped };
}

/** How many questions an export's header lists by name (the file marks every one of them). */
export const EXPORT_NOTE_ITEMS = 20;

/**
 * The header value telling what the format could not carry: `{ count, items }`, the first
 * EXPORT_NOTE_ITEMS with their place and reason, URI-encoded JSON (headers are Latin-1).
 */
export const exportNote = (skipped: Skip[]) =>
  encodeURIComponent(JSON.stringify({ count: skipped.length, items: skipped.slice(0, EXPORT_NOTE_ITEMS) }));
