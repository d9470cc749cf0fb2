/** Sessions end on a password change and after an absolute lifetime. */
import { ErrorCode, sysUserInfo, sysUserResetPass, sysUserUpdatePass } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysToken } from '../../../db/schema/index.js';
import { hashToken } from '../../../platform/auth.js';
import { loadConfig } from '../../../platform/config.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { userId } from './user.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const info = (token: string) => t.call(sysUserInfo.path, {}, token);

describe('password changes end the other sessions', () => {
  it('update-pass keeps the current session and ends the others', async () => {
    const phone = await t.login('lisi', 'student123');
    const laptop = await t.login('lisi', 'student123');
    const res = await t.call(sysUserUpdatePass.path, { oldPassword: 'student123', password: 'newpass1' }, laptop);
    expect(res.code).toBe(0);
    expect((await info(laptop)).code).toBe(0);
    expect((await info(phone)).code).toBe(ErrorCode.NOT_LOGIN);
    expect(await t.login('lisi', 'newpass1')).toBeTruthy();
  });

  it('a wrong old password changes nothing and ends nothing', async () => {
    const a = await t.login('wangwu', 'student123');
    const b = await t.login('wangwu', 'student123');
    const res = await t.call(sysUserUpdatePass.path, { oldPassword: 'nope1234', password: 'newpass1' }, a);
    expect(res).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '原密码不正确' });
    expect((await info(b)).code).toBe(0);
  });

  it("an administrator's reset-pass ends every session of the user", async () => {
    const admin = await t.login('admin', 'admin123');
    const learner = await t.login('student', 'student123');
    const id = await userId(t, 'student');
    expect((await t.call(sysUserResetPass.path, { id, password: 'reset123' }, admin)).code).toBe(0);
    expect((await info(learner)).code).toBe(ErrorCode.NOT_LOGIN);
    expect(await t.login('student', 'reset123')).toBeTruthy();
  });
});

describe('absolute token lifetime', () => {
  it('defaults to 7 days and is set by TOKEN_MAX_AGE_HOURS', () => {
    expect(loadConfig({}).tokenMaxAgeMs).toBe(7 * 24 * 3600_000);
    expect(loadConfig({ TOKEN_MAX_AGE_HOURS: '12' }).tokenMaxAgeMs).toBe(12 * 3600_000);
  });

  it('ends a session signed in more than 7 days ago however active it was', async () => {
    const fresh = await t.login('deptadmin', 'admin123');
    const old = await t.login('deptadmin', 'admin123');
    // Both used a minute ago, so their idle expiry is far off; one was issued 7 days and a minute ago.
    const recent = new Date(Date.now() - 60_000);
    const later = new Date(Date.now() + 20 * 3600_000);
    await t.db
      .update(sysToken)
      .set({ lastUsedAt: recent, expiresAt: later, createdAt: new Date(Date.now() - 6 * 24 * 3600_000) })
      .where(eq(sysToken.tokenHash, hashToken(fresh)));
    await t.db
      .update(sysToken)
      .set({ lastUsedAt: recent, expiresAt: later, createdAt: new Date(Date.now() - 7 * 24 * 3600_000 - 60_000) })
      .where(eq(sysToken.tokenHash, hashToken(old)));
    expect((await info(fresh)).code).toBe(0);
    expect((await info(old)).code).toBe(ErrorCode.NOT_LOGIN);
  });

  it('never slides the idle expiry past the absolute end', async () => {
    const token = await t.login('admin', 'admin123');
    const createdAt = new Date(Date.now() - 7 * 24 * 3600_000 + 3600_000); // one hour left
    await t.db
      .update(sysToken)
      .set({ createdAt, lastUsedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(sysToken.tokenHash, hashToken(token)));
    expect((await info(token)).code).toBe(0);
    const [row] = await t.db
      .select()
      .from(sysToken)
      .where(eq(sysToken.tokenHash, hashToken(token)));
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(createdAt.getTime() + 7 * 24 * 3600_000);
  });
});
