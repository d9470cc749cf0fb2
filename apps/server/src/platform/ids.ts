/** Ids are strings (DESIGN 4): time-ordered, so indexes stay compact and lists sort by creation. */
import { randomBytes, randomFillSync } from 'node:crypto';

let lastMs = 0;
let seq = 0;

// Every request takes an id (its request id) and most writes one more: one kernel call per 1,365
// ids instead of one per id (randomBytes(3) each time cost 1.3 % of exam-day server CPU).
const pool = Buffer.alloc(4095);
let poolAt = pool.length;

function randomHex3(): string {
  if (poolAt + 3 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 3;
  return pool.toString('hex', poolAt - 3, poolAt);
}

/** 20 hex-ish characters: 12 of milliseconds, 2 of a per-ms sequence, 6 random. */
export function newId(): string {
  const now = Date.now();
  seq = now === lastMs ? (seq + 1) & 0xff : 0;
  lastMs = now;
  return now.toString(16).padStart(12, '0') + seq.toString(16).padStart(2, '0') + randomHex3();
}

/** An unguessable id for tokens and served files. */
export function secretId(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
