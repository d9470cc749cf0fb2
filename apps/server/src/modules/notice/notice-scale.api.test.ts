/**
 * A 10,000-person audience: publishing writes every inbox row with one set-based statement, so
 * the call takes a fraction of a second instead of 10,000 inserts. Disabled accounts are not
 * part of the audience.
 */
import { noticePaging, noticePublish } from '@exam/contracts';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysNotice, sysUserMsg } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveNotice } from './notice-test-kit.js';

const EXTRA = 10_000;
const DISABLED = 100;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  await t.db.execute(sql`insert into sys_user (id, user_name, real_name, password_hash, state)
    select 'scale-' || g, 'scale' || g, '学员' || g, 'x', case when g <= ${DISABLED} then 1 else 0 end
    from generate_series(1, ${EXTRA}) g`);
}, 60_000);
afterAll(async () => t.close());

describe('publishing to 10,000 people', () => {
  it('creates one message each in one call, and counts the audience', async () => {
    const id = await saveNotice(t, admin, { title: '万人公告' });
    const started = performance.now();
    const res = await t.call(noticePublish.path, { id }, admin);
    const ms = Math.round(performance.now() - started);
    expect(res.code).toBe(0);
    console.log(`[notice] publish to ${EXTRA - DISABLED + 5} people on ${t.kind}: ${ms} ms`);

    const [n] = await t.db.select({ msgId: sysNotice.msgId }).from(sysNotice).where(eq(sysNotice.id, id));
    const [inbox] = await t.db
      .select({ n: count() })
      .from(sysUserMsg)
      .where(and(eq(sysUserMsg.msgId, n.msgId as string), isNull(sysUserMsg.deletedAt)));
    const audience = EXTRA - DISABLED + 5;
    expect(inbox.n).toBe(audience);
    expect(ms).toBeLessThan(10_000);

    const listStarted = performance.now();
    const list = await t.call(noticePaging.path, { params: { title: '万人公告' } }, admin);
    console.log(`[notice] admin list with read rate on ${t.kind}: ${Math.round(performance.now() - listStarted)} ms`);
    expect(list.data.records[0]).toMatchObject({ audienceSize: audience, readCount: 0 });
  });
});
