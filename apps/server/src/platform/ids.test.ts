import { describe, expect, it } from 'vitest';
import { newId, secretId } from './ids.js';

describe('newId', () => {
  it('gives 20 hex characters, unique across many pool refills', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^[0-9a-f]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts by creation: the milliseconds lead, the per-ms sequence follows', () => {
    const ids = Array.from({ length: 200 }, () => newId());
    const heads = ids.map((id) => id.slice(0, 12));
    expect([...heads].sort()).toEqual(heads);
    expect(Number.parseInt(ids[0].slice(0, 12), 16)).toBeLessThanOrEqual(Date.now());
  });

  it('does not repeat its random tail from one refill of the pool to the next', () => {
    const tails = Array.from({ length: 3000 }, () => newId().slice(14));
    // 1,365 ids per refill: the second refill's tails are not the first one's again.
    expect(tails.slice(1365, 2730)).not.toEqual(tails.slice(0, 1365));
    expect(new Set(tails).size).toBeGreaterThan(2900);
  });
});

describe('secretId', () => {
  it('is base64url of the asked length', () => {
    expect(secretId()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(secretId(6)).toHaveLength(8);
  });
});
