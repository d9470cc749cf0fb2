/**
 * The dashboard's content counts as a port: exams, paper templates, banks and questions belong to
 * modules above system, so each owner hands in its own count at start (modules/index.ts) and the
 * dashboard reads none of their tables.
 */
import type { Executor } from '../../../platform/db.js';

export type ContentCountKey = 'examCount' | 'paperCount' | 'repoCount' | 'questionCount';
export type ContentCounter = (db: Executor) => Promise<number>;

const counters = new Map<ContentCountKey, ContentCounter>();

/** Called once at start by modules/index.ts, one line per count, by the module that owns the table. */
export function provideContentCount(key: ContentCountKey, count: ContentCounter): void {
  counters.set(key, count);
}

const KEYS: ContentCountKey[] = ['examCount', 'paperCount', 'repoCount', 'questionCount'];

/** Every content count; throws while one was not handed in (a missing count is not shown as 0). */
export async function contentCounts(db: Executor): Promise<Record<ContentCountKey, number>> {
  const out = {} as Record<ContentCountKey, number>;
  for (const key of KEYS) {
    const count = counters.get(key);
    if (!count) throw new Error(`content count not provided: ${key}`);
    out[key] = await count(db);
  }
  return out;
}
