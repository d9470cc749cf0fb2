/**
 * The token check's port (platform/auth.ts `provideIdentity`): the platform reads no user, role or
 * menu itself. Unfilled, a check throws (never passes a call); filled, the one lookup it was handed
 * is prepared once and answers every check the cache misses, and the permission tags come from it.
 * The port is process-wide and test files may share a worker: each test empties it first and puts
 * back what was there after.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cachedPermissions,
  createTokenVerifier,
  hashToken,
  type IdentitySource,
  provideIdentity,
  type TokenIdentity,
} from './auth.js';
import { AuthCache } from './auth-cache.js';
import type { Db } from './db.js';

const db = {} as Db;
let before: IdentitySource | null = null;
beforeEach(() => {
  before = provideIdentity(null);
});
afterEach(() => {
  provideIdentity(before);
});

describe('the identity port of the token check', () => {
  it('refuses to check a token while no identity source was handed in', async () => {
    const verify = createTokenVerifier(db, 60_000, undefined, new AuthCache());
    await expect(verify('any-token')).rejects.toThrow(/no identity source/);
  });

  it('prepares the handed-in lookup once and answers by it; permissions come from the source', async () => {
    const now = Date.now();
    const row: TokenIdentity = {
      id: 'u1',
      userName: 'alice',
      realName: 'Alice',
      state: 0,
      deptId: 'd1',
      deptCode: 'A01',
      roleType: 2,
      dataScope: 4,
      lastUsedAt: new Date(now),
      createdAt: new Date(now),
      expiresAt: new Date(now + 60_000),
    };
    const asked: string[] = [];
    let prepared = 0;
    const source: IdentitySource = {
      prepareTokenLookup: () => {
        prepared++;
        return async (hash) => {
          asked.push(hash);
          return hash === hashToken('good') ? row : undefined;
        };
      },
      loadPermissions: async (_db, userId) => (userId === 'u1' ? ['exam:view'] : []),
    };
    provideIdentity(source);
    const verify = createTokenVerifier(db, 60_000, undefined, new AuthCache());
    const user = await verify('good');
    expect(user).toMatchObject({ id: 'u1', userName: 'alice', deptCode: 'A01', roleType: 2, dataScope: 4 });
    await expect(verify('bad')).rejects.toMatchObject({ code: 10010002 });
    expect(prepared).toBe(1);
    expect(asked).toEqual([hashToken('good'), hashToken('bad')]);
    expect(await cachedPermissions(db, 'u1', new AuthCache())).toEqual(['exam:view']);
  });
});
