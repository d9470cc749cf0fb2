/**
 * Import of the interchange formats (GIFT, Aiken, Moodle XML, QTI), the part that needs the
 * database or storage: the items read (read.ts, in a worker: read-off-thread.ts) refer to their
 * images by a placeholder while checking; the images are stored through the storage port
 * (system/file storeUpload, which checks type and magic bytes) only when the import is written.
 * And the duplicates of questions already in the banks.
 */
import { Readable } from 'node:stream';
import { htmlToText, type TImportPlace } from '@exam/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { elQu, elQuRepo } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import type { BlobStore } from '../../../platform/storage/blob-store.js';
import { discardUploads, storeUpload } from '../../system/file/file.service.js';
import type { CheckedItem } from '../qu-import.js';
import type { InterImage } from './model.js';
import { PENDING } from './read.js';

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
  for (const [i, c] of checked.entries()) {
    // Thousands of texts to reduce: other requests get the event loop every few hundred.
    if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    const key = fingerprint(c.q.type, c.q.content);
    const place = c.item.place ?? `第${c.item.row}行`;
    const group = `${c.item.bank ?? ''}|${key}`;
    if (targetsOf(c).some((id) => inBank.has(`${id}|${key}`))) out.push({ place, reason: '题库中已有相同的试题' });
    else if (seen.has(group)) out.push({ place, reason: '与文件中前面的试题相同' });
    seen.add(group);
  }
  return out;
}
