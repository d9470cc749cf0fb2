/**
 * One import at a time per user and bank. A client that gives up waiting on a long import and
 * sends the file again would import everything twice; the second upload is refused with a clear
 * message while the first is still being written, and its progress events keep arriving.
 * Held in this process (an instance's imports); previews write nothing and are not held.
 */
import { badParams } from '../../platform/errors.js';

const running = new Set<string>();

export const IMPORT_RUNNING =
  '所属题库：你向该题库的上一次导入仍在进行，请等待其完成后再导入（重复上传会把试题导入两次）';

/** Marks the user's import into these banks as running; answers the release (call it in `finally`). */
export function holdImport(userId: string, repoIds: string[]): () => void {
  const keys = [...new Set(repoIds)].map((id) => `${userId}|${id}`);
  if (keys.some((k) => running.has(k))) throw badParams(IMPORT_RUNNING);
  for (const k of keys) running.add(k);
  return () => {
    for (const k of keys) running.delete(k);
  };
}
