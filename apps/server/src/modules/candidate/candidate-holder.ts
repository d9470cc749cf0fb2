/**
 * A candidate as a certificate's holder (cert/holder-port.ts): its name as it registered. No
 * department is printed (a candidate belongs to none; its company is a personal field it gave for
 * the organiser, not for a public verification page). A candidate without a name (the exam asked
 * none, or retention erased it) gets no certificate: one that names nobody proves nothing.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { elCandidate } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import type { OutsideHolder } from '../cert/holder-port.js';

export async function candidateHolder(db: Executor, userId: string): Promise<OutsideHolder | undefined> {
  const [row] = await db
    .select({ name: elCandidate.name })
    .from(elCandidate)
    .where(and(eq(elCandidate.id, userId), isNull(elCandidate.erasedAt)));
  const name = row?.name?.trim();
  return name ? { realName: name, deptName: null } : undefined;
}
