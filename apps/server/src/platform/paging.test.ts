import type { PgSelect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { offsetOf, page, paginate, paginateGroups, paginateWith } from './paging.js';

/** A stand-in for an ordered dynamic select over `all`: records the window it is given. */
function fakeSelect<T>(all: T[]) {
  const seen = { limit: -1, offset: -1 };
  const q = {
    limit(n: number) {
      seen.limit = n;
      return q;
    },
    offset(n: number) {
      seen.offset = n;
      return Promise.resolve(all.slice(n, n + seen.limit));
    },
  };
  return { q: q as unknown as PgSelect, seen };
}

describe('paging', () => {
  it('answers the DESIGN 4 shape with the page count rounded up', () => {
    expect(page(['a'], 21, 3, 10)).toEqual({ records: ['a'], total: 21, current: 3, size: 10, pages: 3 });
    expect(page([], 0, 1, 10).pages).toBe(0);
    expect(page([1, 2], 20, 2, 10).pages).toBe(2);
  });

  it('skips the rows of the pages before the current one', () => {
    expect(offsetOf({ current: 1, size: 10 })).toBe(0);
    expect(offsetOf({ current: 3, size: 20 })).toBe(40);
  });

  it('counts, loads the window of the ordered query and maps its rows', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 }));
    const { q, seen } = fakeSelect(rows);
    const result = await paginate(
      { current: 3, size: 10 },
      Promise.resolve([{ n: 25 }]),
      q,
      (r) => `#${(r as { id: number }).id}`,
    );
    expect(seen).toEqual({ limit: 10, offset: 20 });
    expect(result).toEqual({ records: ['#21', '#22', '#23', '#24', '#25'], total: 25, current: 3, size: 10, pages: 3 });
  });

  it('answers an empty page when the count finds nothing', async () => {
    const { q } = fakeSelect<{ id: number }>([]);
    const result = await paginate({ current: 1, size: 10 }, Promise.resolve([]), q, (r) => r);
    expect(result).toEqual({ records: [], total: 0, current: 1, size: 10, pages: 0 });
  });

  it('builds the records of the window together, after it is loaded', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1 }));
    const { q, seen } = fakeSelect(rows);
    const given: number[][] = [];
    const result = await paginateWith({ current: 2, size: 5 }, Promise.resolve([{ n: 12 }]), q, async (list) => {
      given.push(list.map((r) => (r as { id: number }).id));
      return [list.length];
    });
    expect(seen).toEqual({ limit: 5, offset: 5 });
    expect(given).toEqual([[6, 7, 8, 9, 10]]);
    expect(result).toEqual({ records: [5], total: 12, current: 2, size: 5, pages: 3 });
  });

  it('takes the total of a grouped page from the rows themselves, 0 past the last group', async () => {
    const groups = Array.from({ length: 7 }, (_, i) => ({ g: i, rowTotal: 7 }));
    const first = fakeSelect(groups);
    const mapped = await paginateGroups({ current: 2, size: 3 }, first.q as never, (r: { g: number }) => r.g);
    expect(first.seen).toEqual({ limit: 3, offset: 3 });
    expect(mapped).toEqual({ records: [3, 4, 5], total: 7, current: 2, size: 3, pages: 3 });
    const past = await paginateGroups(
      { current: 4, size: 3 },
      fakeSelect(groups).q as never,
      (r: { g: number }) => r.g,
    );
    expect(past).toEqual({ records: [], total: 0, current: 4, size: 3, pages: 0 });
  });
});
