/**
 * Port: who holds an exam's certificate. Certificates are the cert module's (above paper), and a
 * regrade that turns a pass into a fail flags the learners holding one (the certificate is not
 * taken away by the regrade itself). modules/index.ts hands in cert's reader at start.
 */
import type { Executor } from '../../platform/db.js';

/** The learners among `userIds` holding a certificate of the exam that was not revoked. */
export type CertHolders = (db: Executor, examId: string, userIds: string[]) => Promise<Set<string>>;

let reader: CertHolders | null = null;

/** Called once at start by modules/index.ts with cert's `examCertHolders`. */
export function provideCertHolders(read: CertHolders): void {
  reader = read;
}

/** Throws while no reader was handed in: a regrade never reports "no certificate" by mistake. */
export async function examCertHolders(db: Executor, examId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  if (!reader) throw new Error('cert-holders: no certificate reader was provided (modules/index.ts)');
  return reader(db, examId, userIds);
}
