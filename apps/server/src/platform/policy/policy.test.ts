import { ErrorCode } from '@exam/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../db.js';
import { AppError } from '../errors.js';
import { type AskEvent, authorize, can, definePolicy, holderOfTag, observeAsks, scopeOf, withAskLog } from './index.js';

const db = {} as Executor;
const actor = { id: 'u1', dataScope: 1, deptId: null, deptCode: null };
const notes = definePolicy({
  aggregate: 'policy-test-note',
  rules: {
    view: holderOfTag,
    edit: (_ctx, note: { ownerId: string }) => {
      if (note.ownerId !== 'u1') throw new AppError(ErrorCode.NO_PERMISSION, '不是您的笔记');
      return note.ownerId;
    },
  },
  scope: () => sql`true`,
});

describe('record policies', () => {
  it('answer the rule, or throw its refusal untouched', async () => {
    expect(await authorize(db, actor, notes, 'edit', { ownerId: 'u1' })).toBe('u1');
    await expect(authorize(db, actor, notes, 'edit', { ownerId: 'u2' })).rejects.toMatchObject({
      code: ErrorCode.NO_PERMISSION,
      message: '不是您的笔记',
    });
    expect(await can(db, actor, notes, 'edit', { ownerId: 'u2' })).toBe(false);
    expect(await can(db, actor, notes, 'view', null)).toBe(true);
  });

  it('log every ask in the request that made it, allowed or not', async () => {
    const events: AskEvent[] = [];
    const stop = observeAsks((e) => events.push(e));
    await withAskLog('/api/test/note', async () => {
      scopeOf(actor, notes, 'view');
      await can(db, actor, notes, 'edit', { ownerId: 'u2' });
    });
    stop();
    expect(events).toEqual([
      { url: '/api/test/note', ask: null },
      { url: '/api/test/note', ask: { aggregate: 'policy-test-note', action: 'view', allowed: true } },
      { url: '/api/test/note', ask: { aggregate: 'policy-test-note', action: 'edit', allowed: false } },
    ]);
  });

  it('refuse a second policy of the same aggregate', () => {
    expect(() => definePolicy({ aggregate: 'policy-test-note', rules: { view: holderOfTag } })).toThrow(/twice/);
  });
});
