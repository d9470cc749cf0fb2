/**
 * Files of the demo data: small assets committed under apps/server/assets/demo/ (a
 * generated 6 s video, a two-page PDF, a picture), copied into the storage port (files/demo/<id>,
 * DATA_DIR/files/demo on the local folder) on first start and registered as sys_file rows, as an
 * upload would. `fs` only reads the committed asset.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sysFile } from '../../../db/schema/index.js';
import type { Tx } from '../../../platform/db.js';
import { secretId } from '../../../platform/ids.js';
import { serverRoot } from '../../../platform/paths.js';
import type { BlobStore } from '../../../platform/storage/blob-store.js';

export const DEMO_ASSETS = path.join(serverRoot, 'assets', 'demo');

export async function seedDemoFile(
  tx: Tx,
  blobs: BlobStore,
  file: { asset: string; name: string; mime: string; audience: 'public' | 'private'; ownerId: string | null },
): Promise<string> {
  const source = path.join(DEMO_ASSETS, file.asset);
  const id = secretId(24);
  const key = `files/demo/${id}`;
  const { size } = await blobs.put(key, fs.createReadStream(source), { contentType: file.mime });
  await tx.insert(sysFile).values({
    id,
    originalName: file.name,
    mime: file.mime,
    size,
    storagePath: key,
    ownerId: file.ownerId,
    audience: file.audience,
  });
  return id;
}
