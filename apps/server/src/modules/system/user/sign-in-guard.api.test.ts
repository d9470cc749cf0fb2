/** Failed sign-ins are limited atomically per (account, address), per account and per address. */
import { ErrorCode, sysUserLogin, UserState } from '@exam/contracts';
import { hash } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysAttempt, sysLog, sysRole, sysUser, sysUserRole } from '../../../db/schema/index.js';
import { LogType } from '../../../platform/audit.js';
import { loadConfig } from '../../../platform/config.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { recordSignIn } from './auth.service.js';
import { ADDRESS_RULE } from './sign-in-guard.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function login(userName: string, password: string, ip: string, app = t) {
  const res = await app.app.inject({
    method: 'POST',
    url: sysUserLogin.path,
    payload: { userName, password },
    remoteAddress: ip,
  });
  return res.json();
}

async function failedRows(userName: string) {
  const rows = await t.db
    .select({ id: sysLog.id })
    .from(sysLog)
    .where(and(eq(sysLog.type, LogType.LOGIN), eq(sysLog.userName, userName), eq(sysLog.success, false)));
  return rows.length;
}

describe('sign-in lockout', () => {
  it('checks at most five of nine parallel wrong passwords', async () => {
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => login('lisi', `wrong${i}pass`, '192.0.2.10')),
    );
    expect(await failedRows('lisi')).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.code === ErrorCode.BAD_CREDENTIALS).length).toBeLessThanOrEqual(4);
    expect(answers.every((a) => [ErrorCode.BAD_CREDENTIALS, ErrorCode.ACCOUNT_LOCKED].includes(a.code))).toBe(true);
    const right = await login('lisi', 'student123', '192.0.2.10');
    expect(right.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect(right.msg).toBe('登录失败次数过多，已暂时锁定，请15分钟后再试');
  });

  it('a stranger elsewhere cannot lock out the owner, administrators included', async () => {
    expect((await login('admin', 'admin123', '192.0.2.20')).code).toBe(0);
    for (let i = 0; i < 8; i++) await login('admin', `guess${i}x`, '198.51.100.66');
    expect((await login('admin', 'admin123', '198.51.100.66')).code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect((await login('admin', 'admin123', '192.0.2.20')).code).toBe(0);
  });

  it('after twenty failures from many addresses only the usual addresses may still try', async () => {
    expect((await login('deptadmin', 'admin123', '192.0.2.30')).code).toBe(0);
    for (let a = 0; a < 4; a++)
      for (let i = 0; i < 5; i++) await login('deptadmin', `spray${i}x`, `203.0.113.${a + 1}`);
    const stranger = await login('deptadmin', 'admin123', '203.0.113.99');
    expect(stranger.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect(stranger.msg).toContain('常用网络');
    expect((await login('deptadmin', 'admin123', '192.0.2.30')).code).toBe(0);
  });

  it('a sign-in of any method makes a usual address, by user id', async () => {
    const passwordHash = await hash('owner123', { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const [owner] = await t.db
      .insert(sysUser)
      .values({ userName: 'oauth_owner', realName: '第三方用户', passwordHash })
      .returning({ id: sysUser.id });
    // A third-party sign-in logs the provider's subject as the name, with the user's id.
    await recordSignIn(
      t.db,
      'wechat:o_abc123',
      owner.id,
      true,
      '微信注册并登录',
      { ip: '192.0.2.50', userAgent: null },
      new Date(),
    );
    for (let a = 0; a < 4; a++)
      for (let i = 0; i < 5; i++) await login('oauth_owner', `spray${i}x`, `203.0.113.${a + 11}`);
    expect((await login('oauth_owner', 'owner123', '203.0.113.99')).code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect((await login('oauth_owner', 'owner123', '192.0.2.50')).code).toBe(0);
  });

  it('stops an address after many failures, but never counts successes', async () => {
    await t.db
      .insert(sysAttempt)
      .values({ scope: ADDRESS_RULE.scope, key: '192.0.2.40', failures: ADDRESS_RULE.max, lastAt: new Date() });
    const res = await login('wangwu', 'student123', '192.0.2.40');
    expect(res).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, msg: '当前网络登录失败次数过多，请15分钟后再试' });
  });
});

describe('one office behind one NAT address', () => {
  it('signs in 500 learners from one address within a minute', async () => {
    // Cheap hashes keep the set-up short; the sign-in path is the real one.
    const passwordHash = await hash('student123', { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const [role] = await t.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, 'student'));
    const names = Array.from({ length: 500 }, (_, i) => `nat${String(i).padStart(3, '0')}`);
    const users = await t.db
      .insert(sysUser)
      .values(names.map((userName) => ({ userName, realName: userName, passwordHash, state: UserState.NORMAL })))
      .returning({ id: sysUser.id });
    await t.db.insert(sysUserRole).values(users.map((u) => ({ userId: u.id, roleId: role.id })));
    // A few typos in the office do not stop the others.
    for (let i = 0; i < 3; i++) await login(names[i], 'typo123x', '100.64.0.1');

    const started = Date.now();
    const codes: number[] = [];
    for (let i = 0; i < names.length; i += 25) {
      const batch = await Promise.all(names.slice(i, i + 25).map((n) => login(n, 'student123', '100.64.0.1')));
      codes.push(...batch.map((r) => r.code));
    }
    const elapsed = Date.now() - started;
    expect(codes.filter((c) => c !== 0)).toEqual([]);
    expect(elapsed).toBeLessThan(60_000);
    console.info(`500 sign-ins from one address on ${t.kind}: ${elapsed} ms`);
  }, 120_000);
});

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For only from the configured proxies', async () => {
    const proxied = await createTestApp({ config: { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy } });
    try {
      const ipOf = async (remoteAddress: string) => {
        await proxied.app.inject({
          method: 'POST',
          url: sysUserLogin.path,
          payload: { userName: 'student', password: 'nope123x' },
          remoteAddress,
          headers: { 'x-forwarded-for': '1.2.3.4' },
        });
        const [row] = await proxied.db
          .select({ ip: sysLog.ip })
          .from(sysLog)
          .where(and(eq(sysLog.type, LogType.LOGIN), eq(sysLog.userName, 'student')))
          .orderBy(sysLog.createdAt);
        await proxied.db.delete(sysLog).where(eq(sysLog.userName, 'student'));
        return row.ip;
      };
      // A client sending a forged header straight to the app: its own address counts.
      expect(await ipOf('198.51.100.23')).toBe('198.51.100.23');
      // nginx on the same machine: the forwarded address counts.
      expect(await ipOf('127.0.0.1')).toBe('1.2.3.4');
    } finally {
      await proxied.close();
    }
  });
});
