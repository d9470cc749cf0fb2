/** Certificate numbers, verification codes and the masked holder name of the public answer. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { elCertSeq } from '../../db/schema/index.js';
import type { Executor } from '../../platform/db.js';
import { zonedParts } from '../../platform/time-zone.js';

/** Year of a date in the site's time zone (config `timeZone`), the year in the certificate number. */
export const localYear = (d: Date, zone: string): number => zonedParts(d, zone).year;

export const formatCertNo = (prefix: string, year: number, seq: number): string =>
  `${prefix}-${year}-${String(seq).padStart(6, '0')}`;

/**
 * Locks the year's sequence row (creating it first if needed). Issuing holds this lock from the
 * duplicate check to the insert, so two issuers of the same certificate run one after the other.
 */
export async function lockSequence(tx: Executor, year: number): Promise<void> {
  await tx.insert(elCertSeq).values({ year, last: 0 }).onConflictDoNothing();
  await tx.select({ last: elCertSeq.last }).from(elCertSeq).where(eq(elCertSeq.year, year)).for('update');
}

/** Takes the next number of the year; call under `lockSequence` in the same transaction. */
export async function nextSequence(tx: Executor, year: number): Promise<number> {
  const [row] = await tx
    .update(elCertSeq)
    .set({ last: sql`${elCertSeq.last} + 1` })
    .where(eq(elCertSeq.year, year))
    .returning({ last: elCertSeq.last });
  if (!row) throw new Error(`certificate sequence of ${year} missing`);
  return row.last;
}

/** 128 random bits, URL-safe: the QR code's key, not guessable from the number. */
export const newVerifyCode = (): string => randomBytes(16).toString('base64url');

/** 张三 → 张*, 欧阳娜娜 → 欧**娜, Tom → T**: enough to recognise, not to harvest. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.join('') || '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
