/**
 * How a learner sees items whose order is (or may be) the answer: ordering items, a matching
 * question's right column, shuffled choice options.
 *
 * - `arrange`: a paper's draw, uniform over ALL orders, the identity included (crypto-random
 *   Fisher–Yates). Leaving one order out (the stored one, which for ordering items is the key)
 *   tells the learner the answer: of 2 items the paper always showed them reversed.
 * - `viewOrder`: the bank's views (qu/view, the favourite view, the book's next question) show ONE
 *   fixed order per learner and question, an HMAC of both ids under VIEW_ORDER_SECRET
 *   (platform/config.ts); a practice session or mock paper draws its own order, an HMAC that also
 *   holds the session's id, fixed within it. A fresh shuffle per call let a learner call 300 times
 *   and see every order but the one left out; a fixed one shows nothing new on a second call. One
 *   draw per learner for every session was not uniform over a learner's papers: a learner whose
 *   one draw was the key's order met it in every practice and every mock exam.
 */
import { createHmac, randomInt } from 'node:crypto';
import { viewOrderSecret } from '../../../platform/config.js';

/** A uniformly random order of `items` (every one of the n! orders equally likely, identity included). */
export function arrange<T>(items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * The order in which `viewerId` sees the items of question `quId` (in `session`, when given): a
 * Fisher–Yates draw fed by HMAC-SHA256(secret, viewerId:quId[@session]:round), so it is uniform over
 * all orders across learners, questions and sessions, fixed for one of each, and unknowable without
 * the secret.
 */
export function viewOrder<T>(items: readonly T[], viewerId: string, quId: string, session?: string | null): T[] {
  const a = [...items];
  if (a.length < 2) return a;
  let bytes = Buffer.alloc(0);
  let at = 0;
  let round = 0;
  const seed = session ? `${viewerId}:${quId}@${session}` : `${viewerId}:${quId}`;
  const next32 = (): number => {
    if (at + 4 > bytes.length) {
      bytes = createHmac('sha256', viewOrderSecret()).update(`${seed}:${round++}`).digest();
      at = 0;
    }
    const v = bytes.readUInt32BE(at);
    at += 4;
    return v;
  };
  // Rejection sampling keeps each j exactly uniform (no modulo bias).
  const below = (n: number): number => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const v = next32();
      if (v < limit) return v % n;
    }
  };
  for (let i = a.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
