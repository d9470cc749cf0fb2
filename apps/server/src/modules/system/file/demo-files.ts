/**
 * Files of the demo data (issue 23): small assets committed under apps/server/assets/demo/ (a
 * generated 6 s video, a two-page PDF, a picture), copied into the data folder's file store on
 * first start and registered as sys_file rows, as an upload would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sysFile } from '../../../db/schema/index.js';
import type { Tx } from '../../../platform/db.js';
import { secretId } from '../../../platform/ids.js';
import { serverRoot } from '../../../platform/paths.js';

export const DEMO_ASSETS = path.join(serverRoot, 'assets', 'demo');

export async function seedDemoFile(
  tx: Tx,
  file: { asset: string; name: string; mime: string; audience: 'public' | 'private'; ownerId: string | null },
): Promise<string> {
  const source = path.join(DEMO_ASSETS, file.asset);
  const id = secretId(24);
  const folder = path.resolve(process.env.DATA_DIR ?? './data', 'files', 'demo');
  fs.mkdirSync(folder, { recursive: true });
  const target = path.join(folder, id);
  fs.copyFileSync(source, target);
  await tx.insert(sysFile).values({
    id,
    originalName: file.name,
    mime: file.mime,
    size: fs.statSync(target).size,
    storagePath: target,
    ownerId: file.ownerId,
    audience: file.audience,
  });
  return id;
}
