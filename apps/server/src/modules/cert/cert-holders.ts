/** Who holds an exam's certificate, for the sitting module's regrade report (sitting/cert-holders.ts port). */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { elCert } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';

export async function examCertHolders(db: Executor, examId: string, userIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ userId: elCert.userId })
    .from(elCert)
    .where(
      and(
        inArray(elCert.userId, userIds),
        eq(elCert.sourceKind, 'exam'),
        eq(elCert.refId, examId),
        isNull(elCert.revokedAt),
      ),
    );
  return new Set(rows.map((c) => c.userId));
}
