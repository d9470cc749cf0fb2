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

/** Whether one of the rules refuses the user; when none does, the general rule (a signed-in user) stands. */
export async function privateFileRefused(db: Executor, fileId: string, user: AuthUser, now: Date): Promise<boolean> {
  for (const rule of rules) if ((await rule(db, fileId, user, now)) === false) return true;
  return false;
}
