/** Mobile number + SMS code sign-in on the real app and database. */
import { ErrorCode, sysConfigDetail, sysUserMobileLogin, sysUserSmsSendCode } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig, sysRole, sysSmsCode, sysUser, sysUserRole } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { lastLoggedCode } from './sms-sender.js';

let t: TestApp;
let nowMs = Date.now();
let ipSeq = 10;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(nowMs) });
  await t.db.update(sysConfig).set({ mobileLogin: true, regOpen: true, regReview: false });
});
afterAll(async () => {
  await t.close();
});

const STUDENT_MOBILE = '13800000002';

async function call(path: string, body: object, ip: string) {
  const res = await t.app.inject({ method: 'POST', url: path, payload: body, remoteAddress: ip });
  return res.json();
}
const send = (mobile: string, ip: string) => call(sysUserSmsSendCode.path, { mobile, purpose: 'login' }, ip);
const signIn = (mobile: string, code: string, ip: string) => call(sysUserMobileLogin.path, { mobile, code }, ip);
const nextIp = () => `10.1.0.${ipSeq++}`;
const nextDay = () => {
  nowMs += 25 * 3600_000;
};
async function codeFor(mobile: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const code = lastLoggedCode(mobile);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code for ${mobile}`);
}
/** Waits for a code other than `previous` (the log sender runs after the answer). */
async function freshCode(mobile: string, previous: string | null): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const code = lastLoggedCode(mobile);
    if (code && code !== previous) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no new code for ${mobile}`);
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('mobile code sign-in', () => {
  it('signs a known mobile in with its code, once', async () => {
    const ip = nextIp();
    const before = lastLoggedCode(STUDENT_MOBILE);
    expect(await send(STUDENT_MOBILE, ip)).toMatchObject({ code: 0, data: { expiresIn: 300, resendIn: 60 } });
    const code = await freshCode(STUDENT_MOBILE, before);
    const ok = await signIn(STUDENT_MOBILE, code, ip);
    expect(ok.code).toBe(0);
    expect(ok.data.user).toMatchObject({ userName: 'student', mobile: STUDENT_MOBILE, roleType: 1 });
    expect(ok.data.token).toMatch(/.{20,}/);
    const again = await signIn(STUDENT_MOBILE, code, ip);
    expect(again).toMatchObject({ code: ErrorCode.SMS_CODE_INVALID, msg: '验证码错误或已失效，请重新获取' });
  });

  it('refuses an expired code (5 minutes on the clock)', async () => {
    nextDay();
    const ip = nextIp();
    const before = lastLoggedCode(STUDENT_MOBILE);
    expect((await send(STUDENT_MOBILE, ip)).code).toBe(0);
    const code = await freshCode(STUDENT_MOBILE, before);
    nowMs += 5 * 60_000 + 1000;
    expect((await signIn(STUDENT_MOBILE, code, ip)).code).toBe(ErrorCode.SMS_CODE_INVALID);
  });

  it('allows at most 5 tries per code, then the right code no longer works', async () => {
    nextDay();
    const ip = nextIp();
    const before = lastLoggedCode(STUDENT_MOBILE);
    expect((await send(STUDENT_MOBILE, ip)).code).toBe(0);
    const code = await freshCode(STUDENT_MOBILE, before);
    const messages: string[] = [];
    // from different addresses, so that the (number, address) lock does not answer first
    for (let i = 0; i < 5; i++) messages.push((await signIn(STUDENT_MOBILE, wrongCode(code), nextIp())).msg);
    expect(messages[0]).toBe('验证码错误，还可尝试4次');
    expect(messages[4]).toBe('验证码错误次数过多，请重新获取验证码');
    expect((await signIn(STUDENT_MOBILE, code, nextIp())).code).toBe(ErrorCode.SMS_CODE_INVALID);
  });

  it('rate-limits sending per number (60 s resend) and per address', async () => {
    nextDay();
    const ip = nextIp();
    expect((await send(STUDENT_MOBILE, ip)).code).toBe(0);
    const soon = await send(STUDENT_MOBILE, nextIp());
    expect(soon.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(soon.msg).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
    nowMs += 61_000;
    expect((await send(STUDENT_MOBILE, ip)).code).toBe(0);
    // one address: 20 codes an hour, whatever the numbers
    const busy = nextIp();
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await send(`1390000${String(1000 + i)}`, busy)).code);
    expect(answers.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(answers[20]).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });

  it('answers an unknown number like a known one, and sends it nothing when registration is closed', async () => {
    nextDay();
    await t.db.update(sysConfig).set({ regOpen: false });
    try {
      const unknown = '13912345678';
      const known = await send(STUDENT_MOBILE, nextIp());
      const stranger = await send(unknown, nextIp());
      expect(stranger).toEqual(known);
      await new Promise((r) => setTimeout(r, 100));
      expect(lastLoggedCode(unknown)).toBeNull();
      const [row] = await t.db.select().from(sysSmsCode).where(eq(sysSmsCode.mobile, unknown));
      expect(row.usedAt).not.toBeNull(); // recorded dead: it counts for the limits only
      expect((await signIn(unknown, '123456', nextIp())).code).toBe(ErrorCode.SMS_CODE_INVALID);
    } finally {
      await t.db.update(sysConfig).set({ regOpen: true });
    }
  });

  it('registers a learner on the first sign-in of a new number when registration is open', async () => {
    const mobile = '13922223333';
    const ip = nextIp();
    expect((await send(mobile, ip)).code).toBe(0);
    const ok = await signIn(mobile, await codeFor(mobile), ip);
    expect(ok.code).toBe(0);
    expect(ok.data.user).toMatchObject({ userName: mobile, realName: '手机用户3333', roleType: 1, roles: ['student'] });
    const rows = await t.db.select().from(sysUser).where(eq(sysUser.mobile, mobile));
    expect(rows).toHaveLength(1);
  });

  it('counts wrong codes like wrong passwords: the (number, address) pair locks after 5', async () => {
    nextDay();
    const ip = nextIp();
    const mobile = STUDENT_MOBILE;
    let last: { code: number; msg: string } = { code: 0, msg: '' };
    // 6 codes are needed for 6 wrong tries (5 per code); each send waits the 60 s
    for (let i = 0; i < 6; i++) {
      nowMs += 61_000;
      const before = lastLoggedCode(mobile);
      expect((await send(mobile, ip)).code).toBe(0);
      const code = await freshCode(mobile, before);
      last = await signIn(mobile, wrongCode(code), ip);
      if (i < 4) expect(last.code).toBe(ErrorCode.SMS_CODE_INVALID);
    }
    expect(last.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    // locked even with the right code; another address is not locked
    nowMs += 61_000;
    const before = lastLoggedCode(mobile);
    await send(mobile, ip);
    const code = await freshCode(mobile, before);
    expect((await signIn(mobile, code, ip)).code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect((await signIn(mobile, code, nextIp())).code).toBe(0);
  });

  it("a stranger's twenty wrong codes do not lock the owner out of their usual address", async () => {
    nextDay();
    const mobile = '13955550001';
    const [role] = await t.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, 'student'));
    const [owner] = await t.db
      .insert(sysUser)
      .values({ userName: 'sms_owner', realName: '短信用户', passwordHash: 'x', mobile })
      .returning({ id: sysUser.id });
    await t.db.insert(sysUserRole).values({ userId: owner.id, roleId: role.id });
    // The owner signs in by SMS from home: that success makes home a usual address.
    const home = nextIp();
    let before = lastLoggedCode(mobile);
    expect((await send(mobile, home)).code).toBe(0);
    expect((await signIn(mobile, await freshCode(mobile, before), home)).code).toBe(0);
    // A stranger: 5 wrong codes from each of 4 addresses.
    nowMs += 3600_000;
    for (let a = 0; a < 4; a++) {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) await signIn(mobile, String(100000 + a * 10 + i), ip);
    }
    const elsewhere = await signIn(mobile, '123456', nextIp());
    expect(elsewhere.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    expect(elsewhere.msg).toContain('常用网络');
    // The owner, at home, with the right code.
    nowMs += 61_000;
    before = lastLoggedCode(mobile);
    expect((await send(mobile, home)).code).toBe(0);
    const ok = await signIn(mobile, await freshCode(mobile, before), home);
    expect(ok.code).toBe(0);
    expect(ok.data.user.userName).toBe('sms_owner');
  });

  it('refuses when the administrator has not switched mobile sign-in on', async () => {
    await t.db.update(sysConfig).set({ mobileLogin: false });
    try {
      const site = await t.request(sysConfigDetail, {});
      expect(site.data.mobileLogin).toBe(false);
      expect(await send(STUDENT_MOBILE, nextIp())).toMatchObject({
        code: ErrorCode.CONFLICT,
        msg: '系统未开启手机验证码登录',
      });
      expect((await signIn(STUDENT_MOBILE, '123456', nextIp())).code).toBe(ErrorCode.CONFLICT);
    } finally {
      await t.db.update(sysConfig).set({ mobileLogin: true });
    }
  });

  it('refuses bad input naming the field', async () => {
    const bad = await signIn('12345', '123456', nextIp());
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('手机号');
    const badCode = await signIn(STUDENT_MOBILE, '12ab', nextIp());
    expect(badCode.code).toBe(ErrorCode.BAD_PARAMS);
    expect(badCode.msg).toContain('验证码');
  });
});
