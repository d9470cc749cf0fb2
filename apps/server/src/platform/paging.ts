/**
 * Paging of list queries (DESIGN 4: body `{ current, size, params }`, answer
 * `{ records, total, current, size, pages }`): the answer's shape, the window of a page, and
 * `paginate`, which counts, loads one ordered page and maps its rows, for every `…Paging` service
 * (`paginateWith` when the records need side queries over the page, `paginateGroups` for grouped
 * lists that count themselves).
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

/** A row of the select `Q`. */
type RowOf<Q extends PgSelect> = Awaited<Q>[number];

/**
 * One page of a list: awaits the count query (`select({ n: count() })…`), then loads the window
 * of the ordered select (`….orderBy(…).$dynamic()`, so that limit and offset can be added here)
 * and maps each row to its record.
 */
export function paginate<Q extends PgSelect, R>(
  window: PageWindow,
  count: PromiseLike<{ n: number }[]>,
  rows: Q,
  map: (row: RowOf<Q>) => R,
): Promise<PageOf<R>> {
  return paginateWith(window, count, rows, (list) => list.map(map));
}

/**
 * `paginate` for records built from the page's rows together: side queries keyed by the page's
 * ids (banks of questions, roles of users…), run after the window is loaded, as hand-written
 * paging did.
 */
export async function paginateWith<Q extends PgSelect, R>(
  window: PageWindow,
  count: PromiseLike<{ n: number }[]>,
  rows: Q,
  toRecords: (rows: RowOf<Q>[]) => R[] | Promise<R[]>,
): Promise<PageOf<R>> {
  const [total] = await count;
  const list = (await rows.limit(window.size).offset(offsetOf(window))) as RowOf<Q>[];
  return page(await toRecords(list), total?.n ?? 0, window.current, window.size);
}

/**
 * One page of a grouped list whose select counts the groups itself in a `rowTotal` column
 * (`count(*) over ()`, evaluated after grouping): one query instead of a count over a subquery.
 * A window past the last group has no row to carry the figure, so its total is 0.
 */
export async function paginateGroups<Q extends PgSelect, R>(
  window: PageWindow,
  rows: Q & PromiseLike<{ rowTotal: number }[]>,
  map: (row: RowOf<Q>) => R,
): Promise<PageOf<R>> {
  const list = (await rows.limit(window.size).offset(offsetOf(window))) as (RowOf<Q> & { rowTotal: number })[];
  return page(list.map(map), list[0]?.rowTotal ?? 0, window.current, window.size);
}
