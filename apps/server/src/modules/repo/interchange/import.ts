/**
 * Import of the interchange formats (GIFT, Aiken, Moodle XML): the format reads the file into the
 * model, each question is mapped by its kind (registry.ts), and what a kind cannot hold joins the
 * file's own skipped items, with its place and reason. Images the file carried are referenced by
 * a placeholder while checking and stored through the storage port (system/file storeUpload, which
 * checks type and magic bytes) only when the import is written.
 */
import { Readable } from 'node:stream';
import { htmlToText, type TImportPlace, type TQuImportCategory } from '@exam/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { elQu, elQuRepo } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import type { BlobStore } from '../../../platform/storage/blob-store.js';
import { discardUploads, storeUpload } from '../../system/file/file.service.js';
import type { CheckedItem, ImportItem } from '../qu-import.js';
import { readAiken } from './formats/aiken.js';
import { readGift } from './formats/gift.js';
import { readMoodleXml } from './formats/moodle-xml.js';
import type { InterImage, InterQuestion, ReadResult } from './model.js';
import { fromInterchange } from './registry.js';

export type TextFormat = 'gift' | 'aiken' | 'moodle-xml';

/** The questions of a text or XML file (badParams when the XML is malformed). */
export function readTextFormat(format: TextFormat, buffer: Buffer): ReadResult {
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  if (format === 'gift') return readGift(text);
  if (format === 'aiken') return readAiken(text);
  return readMoodleXml(text);
}

const PENDING = '/api/common/file/pending-image-';

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

/**
 * Stores the images the valid questions refer to and puts their file URLs in place. They are
 * stored before the import's transaction (the storage port is no part of it): the answer undoes
 * them, and is called when the transaction fails; a failure while storing undoes those stored.
 */
export async function storeImages(
  db: Executor,
  valid: CheckedItem[],
  images: InterImage[],
  ctx: { blobs: BlobStore; userId: string; quotaBytes: number; now: Date },
): Promise<() => Promise<void>> {
  const used = new Map<number, string>();
  const pattern = new RegExp(`${PENDING}(\\d+)`, 'g');
  for (const c of valid) {
    for (const m of JSON.stringify(c.q).matchAll(pattern)) used.set(Number(m[1]), '');
  }
  const stored: string[] = [];
  const discard = () => discardUploads(db, ctx.blobs, stored);
  for (const n of used.keys()) {
    const img = images[n];
    const file = await storeUpload(
      db,
      { filename: img.name, file: Readable.from([img.data]) },
      {
        blobs: ctx.blobs,
        rule: {
          purpose: 'attachment',
          label: '图片',
          maxBytes: 5 * 1024 * 1024,
          types: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
        },
        quotaBytes: ctx.quotaBytes,
        ownerId: ctx.userId,
        audience: 'public',
        now: ctx.now,
      },
    ).catch(async (err: unknown) => {
      await discard();
      throw err;
    });
    stored.push(file.id);
    used.set(n, file.url);
  }
  for (const c of valid) {
    const json = JSON.stringify(c.q).replace(pattern, (_, n: string) => used.get(Number(n)) ?? '');
    c.q = JSON.parse(json);
  }
  return discard;
}

const fingerprint = (type: number, content: string) => `${type}:${htmlToText(content).replace(/\s+/g, '')}`;

/**
 * Questions equal (type and text) to one in their target banks or earlier in the file for the same
 * banks. An item whose category names a bank (category=bank) is compared with that bank when it
 * exists (`banks`: title → id), not with the chosen ones.
 */
export async function findDuplicates(
  db: Executor,
  checked: CheckedItem[],
  repoIds: string[],
  banks: Map<string, string> = new Map(),
): Promise<TImportPlace[]> {
  if (checked.length === 0) return [];
  const targetsOf = (c: CheckedItem) => {
    if (!c.item.bank) return repoIds;
    const id = banks.get(c.item.bank);
    return id ? [id] : [];
  };
  const all = [...new Set(checked.flatMap(targetsOf))];
  const rows = all.length
    ? await db
        .select({ repoId: elQuRepo.repoId, type: elQu.type, content: elQu.content })
        .from(elQu)
        .innerJoin(elQuRepo, eq(elQuRepo.quId, elQu.id))
        .where(and(inArray(elQuRepo.repoId, all), isNull(elQu.deletedAt), isNull(elQu.parentId)))
    : [];
  const inBank = new Set(rows.map((r) => `${r.repoId}|${fingerprint(r.type, r.content)}`));
  const seen = new Set<string>();
  const out: TImportPlace[] = [];
  for (const c of checked) {
    const key = fingerprint(c.q.type, c.q.content);
    const place = c.item.place ?? `第${c.item.row}行`;
    const group = `${c.item.bank ?? ''}|${key}`;
    if (targetsOf(c).some((id) => inBank.has(`${id}|${key}`))) out.push({ place, reason: '题库中已有相同的试题' });
    else if (seen.has(group)) out.push({ place, reason: '与文件中前面的试题相同' });
    seen.add(group);
  }
  return out;
}
