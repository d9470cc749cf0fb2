/** Export of questions in the interchange formats (docx, GIFT, Moodle XML, a QTI 3.0 content package). */
import type { TQuExportFormat } from '@exam/contracts';
import { writeQuestionsDocx } from './formats/docx.js';
import { writeGift } from './formats/gift.js';
import { writeMoodleXml } from './formats/moodle-xml.js';
import { writeQtiPackage } from './formats/qti-package.js';
import type { StoredQuestion } from './model.js';
import { toInterchange } from './registry.js';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export async function writeQuestionsIn(
  format: Exclude<TQuExportFormat, 'xlsx'>,
  questions: StoredQuestion[],
): Promise<{ body: Buffer; contentType: string; extension: string }> {
  if (format === 'docx')
    return { body: await writeQuestionsDocx(questions), contentType: DOCX_TYPE, extension: '.docx' };
  const models = questions.map(toInterchange);
  if (format === 'qti')
    return { body: writeQtiPackage(models).body, contentType: 'application/zip', extension: '.qti.zip' };
  if (format === 'gift') {
    const { text } = writeGift(models);
    return { body: Buffer.from(text, 'utf8'), contentType: 'text/plain; charset=utf-8', extension: '.gift.txt' };
  }
  const { text } = writeMoodleXml(models);
  return { body: Buffer.from(text, 'utf8'), contentType: 'application/xml; charset=utf-8', extension: '.xml' };
}
