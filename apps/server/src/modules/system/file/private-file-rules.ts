/**
 * The file service's port for the modules that keep private files of their own. Files are part of
 * the system module, the ground the feature modules build on, so the file service may not import
 * them; a module whose files have readers of its own (notice attachments: a notice's audience)
 * adds its rule here, in modules/index.ts, and serving asks every rule.
 */
import type { AuthUser } from '../../../platform/auth.js';
import type { Executor } from '../../../platform/db.js';

/**
 * Whether `user` may fetch the private file `fileId`: null when the file is not the rule's (the
 * general rule for private files applies), else the rule's verdict.
 */
export type PrivateFileRule = (db: Executor, fileId: string, user: AuthUser, now: Date) => Promise<boolean | null>;

const rules: PrivateFileRule[] = [];

/** Called at start by modules/index.ts, once per module that keeps private files. */
export function addPrivateFileRule(rule: PrivateFileRule): void {
  rules.push(rule);
}

/**
 * The modules' verdict on a private file: false when a rule refuses the user, true when a rule
 * lets them in, null when no module keeps the file (the general rule of file.service.ts decides:
 * its owner, or an administrator whose data scope holds the owner).
 */
export async function privateFileVerdict(
  db: Executor,
  fileId: string,
  user: AuthUser,
  now: Date,
): Promise<boolean | null> {
  let verdict: boolean | null = null;
  for (const rule of rules) {
    const v = await rule(db, fileId, user, now);
    if (v === false) return false;
    if (v === true) verdict = true;
  }
  return verdict;
}
