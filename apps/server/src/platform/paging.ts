/**
 * Paging of list queries (DESIGN 4: body `{ current, size, params }`, answer
 * `{ records, total, current, size, pages }`): the answer's shape, the window of a page, and
 * `paginate`, which counts, loads one ordered page and maps its rows, for every `…Paging` service.
 */
import type { PgSelect } from 'drizzle-orm/pg-core';

/** The page asked for: `current` from 1, `size` rows. */
export interface PageWindow {
  current: number;
  size: number;
}

export interface PageOf<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

/** Rows to skip before page `current` of `size`. */
export const offsetOf = ({ current, size }: PageWindow): number => (current - 1) * size;

/** The paging answer of DESIGN 4 from rows and a total. */
export function page<T>(records: T[], total: number, current: number, size: number): PageOf<T> {
  return { records, total, current, size, pages: Math.ceil(total / size) };
}

/**
 * One page of a list: awaits the count query (`select({ n: count() })…`), then loads the window
 * of the ordered select (`….orderBy(…).$dynamic()`, so that limit and offset can be added here)
 * and maps each row to its record.
 */
export async function paginate<Q extends PgSelect, R>(
  window: PageWindow,
  count: PromiseLike<{ n: number }[]>,
  rows: Q,
  map: (row: Awaited<Q>[number]) => R,
): Promise<PageOf<R>> {
  const [total] = await count;
  const list = (await rows.limit(window.size).offset(offsetOf(window))) as Awaited<Q>;
  return page(list.map(map), total?.n ?? 0, window.current, window.size);
}
