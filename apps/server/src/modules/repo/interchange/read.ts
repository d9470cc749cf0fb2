/**
 * Reading of the interchange formats (GIFT, Aiken, Moodle XML, QTI) into import items: the format
 * reads the file into the model, each question is mapped by its kind (registry.ts), and what a kind
 * cannot hold joins the file's own skipped items, with its place and reason. Images the file
 * carried are referenced by a placeholder (PENDING) until import.ts stores them. Pure (no database,
 * no storage), so it runs in the reader worker (read-worker.ts).
 */
import type { TImportPlace, TQuImportCategory } from '@exam/contracts';
import type { ImportItem } from '../qu-import.js';
import { readAiken } from './formats/aiken.js';
import { readGift } from './formats/gift.js';
import { readMoodleXml } from './formats/moodle-xml.js';
import { readQti } from './formats/qti-package.js';
import { assertImportSize, assertTextSize } from './import-cap.js';
import type { InterImage, InterQuestion, ReadResult } from './model.js';
import { fromInterchange } from './registry.js';

export type TextFormat = 'gift' | 'aiken' | 'moodle-xml';

/** The questions of a text or XML file (badParams when the XML is malformed). */
export function readTextFormat(format: TextFormat, buffer: Buffer): ReadResult {
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  assertTextSize(format, text);
  if (format === 'gift') return readGift(text);
  if (format === 'aiken') return readAiken(text);
  return readMoodleXml(text);
}

export const PENDING = '/api/common/file/pending-image-';

/** Categories become a tag: `$course$/top/安全/机械` → 安全/机械. */
const categoryTag = (path: string | undefined) =>
  path
    ?.replace(/^\$(course|system|module|cat\d*)\$\/?/, '')
    .replace(/^top\/?/, '')
    .trim() || null;

/**
 * The import items of a read file, its images numbered apart; items a kind cannot hold are skipped.
 * A category becomes a tag, or with `category: 'bank'` the title of the bank the item goes to.
 */
export function itemsOf(
  read: ReadResult,
  category: TQuImportCategory = 'tag',
): { items: ImportItem[]; skipped: TImportPlace[]; images: InterImage[] } {
  const items: ImportItem[] = [];
  const skipped = [...read.skipped];
  const images: InterImage[] = [];
  read.entries.forEach(({ place, question }) => {
    const mapped = fromInterchange(withPendingImages(question, images));
    if ('skip' in mapped) {
      skipped.push({ place, reason: mapped.skip });
      return;
    }
    const path = categoryTag(question.category)?.slice(0, 100);
    const tag = category === 'tag' ? path : null;
    items.push({
      row: items.length + 1,
      place,
      ...(category === 'bank' && path ? { bank: path } : {}),
      input: mapped.input,
      tags: [...new Set([...question.tags, ...(tag ? [tag] : [])])],
      childRows: mapped.input.children.map(() => items.length + 1),
      issues: [],
    });
  });
  return { items, skipped, images };
}

/** Refers to the question's images by placeholders (`@@PLUGINFILE@@/a.png` → pending-image-N). */
function withPendingImages(q: InterQuestion, images: InterImage[]): InterQuestion {
  const all = [q, ...q.children].flatMap((x) => x.images);
  if (all.length === 0) return q;
  let json = JSON.stringify(q);
  for (const img of all) {
    const n = images.push(img) - 1;
    for (const ref of [img.name, encodeURI(img.name), encodeURIComponent(img.name)]) {
      json = json.split(`@@PLUGINFILE@@/${ref}`).join(`${PENDING}${n}`);
    }
  }
  return JSON.parse(json) as InterQuestion;
}

export type ReaderFormat = TextFormat | 'qti';

/** The import items of a GIFT, Aiken, Moodle XML or QTI file (badParams for a malformed one). */
export async function readItems(format: ReaderFormat, buffer: Buffer, category: TQuImportCategory = 'tag') {
  const read = format === 'qti' ? await readQti(buffer) : readTextFormat(format, buffer);
  // Whatever the count before parsing missed (a QTI manifest naming one file many times).
  assertImportSize(read.entries.length);
  return itemsOf(read, category);
}
