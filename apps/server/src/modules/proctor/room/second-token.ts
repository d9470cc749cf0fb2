/**
 * The second camera's link token: `<paperId>.<userId>.<expires ms>.<hmac>` (base64url HMAC-SHA256
 * of the first three parts with the server's link key, platform/config.ts proctorLinkSecret). It is
 * not a session: it opens the uploads of its one paper only, and the server still checks that the
 * paper is open at each call.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SecondToken {
  paperId: string;
  userId: string;
  expiresAt: Date;
}

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function signSecondToken(secret: string, t: SecondToken): string {
  const payload = `${t.paperId}.${t.userId}.${t.expiresAt.getTime()}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The token's content when its signature holds and it has not expired, else null. */
export function verifySecondToken(secret: string, token: string, now: Date): SecondToken | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [paperId, userId, exp, sig] = parts;
  if (!paperId || !userId || !/^\d{1,15}$/.test(exp)) return null;
  const want = Buffer.from(mac(secret, `${paperId}.${userId}.${exp}`));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  const expiresAt = new Date(Number(exp));
  if (expiresAt <= now) return null;
  return { paperId, userId, expiresAt };
}
