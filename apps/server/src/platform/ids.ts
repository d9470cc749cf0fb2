/** Ids are strings (DESIGN 4): time-ordered, so indexes stay compact and lists sort by creation. */
import { randomBytes } from 'node:crypto';

let lastMs = 0;
let seq = 0;

/** 20 hex-ish characters: 12 of milliseconds, 2 of a per-ms sequence, 6 random. */
export function newId(): string {
  const now = Date.now();
  seq = now === lastMs ? (seq + 1) & 0xff : 0;
  lastMs = now;
  return now.toString(16).padStart(12, '0') + seq.toString(16).padStart(2, '0') + randomBytes(3).toString('hex');
}

/** An unguessable id for tokens and served files. */
export function secretId(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
