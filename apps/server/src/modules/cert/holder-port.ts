/**
 * Port: the holder of a certificate who is not an organisation user. The issuer reads a learner's
 * name and department from sys_user; a candidate who sat an exam through its link has no such row
 * (its id is its paper's user id), and its name is the candidate module's (above cert).
 * modules/index.ts hands that module's reader in at start.
 */
import type { Executor } from '../../platform/db.js';

/** The name (and the line printed where a learner's department goes) of a holder outside sys_user. */
export interface OutsideHolder {
  realName: string;
  deptName: string | null;
}

/** Undefined when the id is nobody it knows, or nobody a certificate can name (no name given, erased). */
export type OutsideHolderReader = (db: Executor, userId: string) => Promise<OutsideHolder | undefined>;

let reader: OutsideHolderReader | null = null;

/** Called once at start by modules/index.ts with the candidate module's reader. */
export function provideOutsideHolder(read: OutsideHolderReader): void {
  reader = read;
}

/** Throws while no reader was handed in: a pass is never left without its certificate by a wiring slip. */
export function outsideHolder(db: Executor, userId: string): Promise<OutsideHolder | undefined> {
  if (!reader) throw new Error('cert holder-port: no outside holder reader was provided (modules/index.ts)');
  return reader(db, userId);
}
