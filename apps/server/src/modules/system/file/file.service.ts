/** Uploads kept in the storage port under files/<yyyy>/<mm>/<unguessable id>, and their lookup for serving. */
import path from 'node:path';
import { pipeline } from 'node:stream';
import { FILE_ID_PATTERN, RoleType, type TFile } from '@exam/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sysFile, sysUser } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { Executor } from '../../../platform/db.js';
import { badParams } from '../../../platform/errors.js';
import { secretId } from '../../../platform/ids.js';
import { type BlobStore, readBlob, storedKey } from '../../../platform/storage/blob-store.js';
import { userScope } from '../data-scope.js';
import { byteLimit, quotaExceeded, tooLarge, type UploadRule } from './file-limits.js';
import { ALLOWED_EXTENSIONS, extensionOf, FILE_TYPES } from './file-types.js';
import { privateFileVerdict } from './private-file-rules.js';

export type FileRow = typeof sysFile.$inferSelect;

export interface UploadSource {
  filename: string;
  file: NodeJS.ReadableStream & { truncated?: boolean };
}

export interface UploadOptions {
  /** The storage port (deps.blobs); the local folder puts `files/...` in the configured storage folder. */
  blobs: BlobStore;
  rule: UploadRule;
  /** Bytes the owner may keep stored in all. */
  quotaBytes: number;
  ownerId: string;
  audience: 'public' | 'private';
  now: Date;
}

/** The first bytes of a stored blob, for the magic-byte check. */
async function readHead(blobs: BlobStore, key: string): Promise<Buffer> {
  const blob = await blobs.get(key, { start: 0, end: 15 });
  if (!blob) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes of an uploaded file (small ones: a certificate background), or null when it is gone. */
export async function readStoredFile(blobs: BlobStore, file: Pick<FileRow, 'storagePath'>): Promise<Buffer | null> {
  const key = await storedKey(blobs, file.storagePath);
  return key ? readBlob(blobs, key) : null;
}

/** Checks the type by extension and magic bytes, writes the file and records it. */
export async function storeUpload(db: Executor, source: UploadSource, options: UploadOptions): Promise<TFile> {
  const name = path.basename(source.filename.replace(/\\/g, '/')).slice(-200) || 'file';
  const ext = extensionOf(name);
  const type = FILE_TYPES[ext];
  const accepted = options.rule.types ?? ALLOWED_EXTENSIONS;
  if (!type || !accepted.includes(ext)) {
    source.file.resume();
    throw badParams(`文件：不支持的文件类型，${options.rule.label}仅支持 ${accepted.join('、')}`);
  }
  if ((await storedBytes(db, options.ownerId)) >= options.quotaBytes) {
    source.file.resume();
    throw quotaExceeded(options.quotaBytes);
  }
  const id = secretId(24);
  const key = `files/${options.now.getFullYear()}/${String(options.now.getMonth() + 1).padStart(2, '0')}/${id}`;
  const { blobs } = options;
  try {
    // Streamed into the store through the size limit; pipeline() hands the limit's error on to the store's write.
    const limited = pipeline(
      source.file,
      byteLimit(options.rule.maxBytes, () => tooLarge(options.rule)),
      () => {},
    );
    const { size } = await blobs.put(key, limited, { contentType: type.mime });
    if (source.file.truncated) throw tooLarge(options.rule);
    if (size === 0) throw badParams('文件：不能上传空文件');
    if (!type.magic(await readHead(blobs, key))) throw badParams('文件：文件内容与扩展名不符');
    // The owner's row is locked so that two uploads at once cannot both fit in the last free space.
    await db.transaction(async (tx) => {
      await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, options.ownerId)).for('update');
      if ((await storedBytes(tx, options.ownerId)) + size > options.quotaBytes) throw quotaExceeded(options.quotaBytes);
      await tx.insert(sysFile).values({
        id,
        originalName: name,
        mime: type.mime,
        size,
        storagePath: key,
        ownerId: options.ownerId,
        audience: options.audience,
      });
    });
    return { id, url: `/api/common/file/${id}`, name, size, mime: type.mime };
  } catch (err) {
    await blobs.delete(key);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.rule);
    source.file.resume();
    throw err;
  }
}

/** Bytes of the files a user has uploaded. */
export async function storedBytes(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`sum(${sysFile.size})` })
    .from(sysFile)
    .where(eq(sysFile.ownerId, ownerId));
  return Number(row?.total ?? 0);
}

/**
 * The file to serve for an id, or null: malformed ids, unknown ids, private files without a
 * signed-in user (or refused by the rule of the module that keeps them, private-file-rules.ts: a
 * notice attachment outside its notice's audience; or, kept by none, by the owner's rule below)
 * and files missing in the store all look the same (404).
 */
export async function findServable(
  db: Executor,
  blobs: BlobStore,
  id: string,
  user: AuthUser | null,
  now: Date,
): Promise<FileRow | null> {
  if (!FILE_ID_PATTERN.test(id)) return null;
  const [row] = await db.select().from(sysFile).where(eq(sysFile.id, id));
  if (!row) return null;
  if (row.audience !== 'public') {
    if (!user) return null;
    const verdict = await privateFileVerdict(db, row.id, user, now);
    if (verdict === false || (verdict === null && !(await ownerWithinReach(db, row.ownerId, user)))) return null;
  }
  const key = await storedKey(blobs, row.storagePath);
  if (!key || !(await blobs.stat(key))) return null;
  return row;
}

/**
 * The general rule of a private file no module keeps: its owner reads it, and so does an
 * administrator whose data scope holds the owner (who may see the owner's papers: a marker, an
 * invigilator). Another learner never does.
 */
async function ownerWithinReach(db: Executor, ownerId: string | null, user: AuthUser): Promise<boolean> {
  if (!ownerId) return user.roleType === RoleType.ADMIN;
  if (ownerId === user.id) return true;
  if (user.roleType !== RoleType.ADMIN) return false;
  const [owner] = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.id, ownerId), userScope(user)));
  return Boolean(owner);
}

/** Makes files private (served only where a private-file rule lets the reader in): course material, notice attachments. */
export async function markFilesPrivate(db: Executor, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.update(sysFile).set({ audience: 'private' }).where(inArray(sysFile.id, fileIds));
}

/** Removes uploads that nothing refers to yet (an import that failed after storing its images): rows, then blobs. */
export async function discardUploads(db: Executor, blobs: BlobStore, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  const rows = await db
    .delete(sysFile)
    .where(inArray(sysFile.id, fileIds))
    .returning({ storagePath: sysFile.storagePath });
  for (const r of rows) await blobs.delete(r.storagePath);
}
