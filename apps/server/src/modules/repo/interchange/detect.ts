/**
 * The format of an uploaded question file, by content first (`auto`), the name only
 * to tell apart what the content cannot. Zips are looked into through the zip guard (entry names
 * from the central directory only, nothing inflated).
 */
import type { TQuImportFormat } from '@exam/contracts';
import { guardZipBuffer, InvalidZipError } from '../../../platform/zip-guard.js';

export type FileFormat = Exclude<TQuImportFormat, 'auto'>;

export async function detectFormat(buffer: Buffer, name: string): Promise<FileFormat | null> {
  if (buffer.subarray(0, 2).toString('latin1') === 'PK') {
    try {
      const names = (await guardZipBuffer(buffer)).map((e) => e.name);
      if (names.includes('imsmanifest.xml')) return 'qti';
      if (names.some((n) => n.startsWith('word/'))) return 'docx';
      if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
    } catch (err) {
      if (!(err instanceof InvalidZipError)) throw err;
    }
    return /\.docx$/i.test(name) ? 'docx' : /\.xlsx$/i.test(name) ? 'xlsx' : null;
  }
  const head = buffer
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*</.test(head)) {
    if (/<quiz[\s>]/.test(head)) return 'moodle-xml';
    if (/<(qti-)?assessment(Item|-item)[\s>]/i.test(head)) return 'qti';
    return null;
  }
  const text = buffer.toString('utf8');
  if (/^\s*ANSWER\s*:\s*[A-Z]\s*$/im.test(text) && !/[{}]/.test(text.replace(/\\[{}]/g, ''))) return 'aiken';
  if (/\{[\s\S]*\}/.test(text) || /^\s*(::|\$CATEGORY:|\/\/)/m.test(text)) return 'gift';
  if (/\.gift$/i.test(name)) return 'gift';
  if (/\.txt$/i.test(name) && /ANSWER\s*:/i.test(text)) return 'aiken';
  return null;
}
