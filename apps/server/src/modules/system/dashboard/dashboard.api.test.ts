/**
 * The dashboard's days follow the site time zone (config TIME_ZONE), not the server's: at
 * 2026-03-01 16:30 UTC it is already 2 March in Shanghai and still 1 March in New York.
 */
import { sysDashboardStat } from '@exam/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { sysUser } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const now = new Date('2026-03-01T16:30:00Z');
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function trendIn(timeZone: string) {
  t = await createTestApp({ clock: () => now, config: { timeZone } });
  // Registered at 01:00 on 2 March in Shanghai, 12:00 on 1 March in New York.
  await t.db
    .insert(sysUser)
    .values({ userName: 'tz_user', realName: '时区', passwordHash: 'x', createdAt: new Date('2026-03-01T17:00:00Z') });
  const admin = await t.login('admin', 'admin123');
  const res = await t.call(sysDashboardStat.path, {}, admin);
  expect(res.code).toBe(0);
  return res.data.trend as { date: string; newUsers: number }[];
}

describe('dashboard days in the site time zone', () => {
  it('refuses without a token and a learner', async () => {
    t = await createTestApp({ clock: () => now });
    expect((await t.call(sysDashboardStat.path, {})).code).toBe(10010002);
    const learner = await t.login('student', 'student123');
    expect((await t.call(sysDashboardStat.path, {}, learner)).code).toBe(10010004);
  });

  it('Asia/Shanghai (the default)', async () => {
    const trend = await trendIn('Asia/Shanghai');
    expect(trend).toHaveLength(14);
    expect(trend[0].date).toBe('2026-02-17');
    expect(trend[13]).toMatchObject({ date: '2026-03-02', newUsers: 1 });
  });

  it('America/New_York', async () => {
    const trend = await trendIn('America/New_York');
    expect(trend[0].date).toBe('2026-02-16');
    expect(trend[13]).toMatchObject({ date: '2026-03-01', newUsers: 1 });
  });
});
