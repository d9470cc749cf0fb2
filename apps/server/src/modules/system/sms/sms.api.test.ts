import { ErrorCode, sysUserForgotReset, sysUserInfo, sysUserSmsSendCode } from '@exam/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig, sysSmsCode } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { type StandIn, startAliyunStandIn } from './aliyun-stand-in.js';
import { lastLoggedCode } from './sms-sender.js';

let t: TestApp;
let nowMs = Date.now();
let standIn: StandIn;
/** Each test calls from its own address, so the per-IP limits of one test do not reach the next. */
let ipSeq = 10;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(nowMs) });
  standIn = await startAliyunStandIn('aliyun-secret', ['13800000004']);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const STUDENT_MOBILE = '13800000002';
const LISI_MOBILE = '13800000003';
const WANGWU_MOBILE = '13800000004';
const DEPTADMIN_MOBILE = '13800000005';

async function call(path: string, body: object, ip: string) {
  const res = await t.app.inject({ method: 'POST', url: path, payload: body, remoteAddress: ip });
  return res.json();
}
const sendCode = (mobile: string, ip: string) => call(sysUserSmsSendCode.path, { mobile }, ip);
const reset = (mobile: string, code: string, password: string, ip: string) =>
  call(sysUserForgotReset.path, { mobile, code, password }, ip);
const nextIp = () => `10.0.0.${ipSeq++}`;
/** Moves the clock a day on, past every per-mobile limit and code. */
const nextDay = () => {
  nowMs += 25 * 3600_000;
};
async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await check()).toBe(true);
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('forgot password by SMS', () => {
  it('sends a code, resets the password with it, revokes tokens, and the code works once', async () => {
    const ip = nextIp();
    const oldToken = await t.login('student', 'student123');
    const sent = await sendCode(STUDENT_MOBILE, ip);
    expect(sent).toMatchObject({ code: 0, data: { expiresIn: 300, resendIn: 60 } });
    const code = lastLoggedCode(STUDENT_MOBILE) as string;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await reset(STUDENT_MOBILE, wrongCode(code), 'newpass1', ip);
    expect(wrong).toMatchObject({ code: ErrorCode.SMS_CODE_INVALID, msg: '验证码错误，还可尝试4次' });
    expect((await reset(STUDENT_MOBILE, code, 'newpass1', ip)).code).toBe(0);
    expect((await t.call(sysUserInfo.path, {}, oldToken)).code).toBe(ErrorCode.NOT_LOGIN);
    expect(await t.login('student', 'newpass1')).toBeTruthy();
    const again = await reset(STUDENT_MOBILE, code, 'newpass2', ip);
    expect(again.code).toBe(ErrorCode.SMS_CODE_INVALID);
  });

  it('kills a code after five wrong tries', async () => {
    nextDay();
    const ip = nextIp();
    expect((await sendCode(LISI_MOBILE, ip)).code).toBe(0);
    const code = lastLoggedCode(LISI_MOBILE) as string;
    for (let i = 0; i < 5; i++)
      expect((await reset(LISI_MOBILE, wrongCode(code), 'newpass1', ip)).code).toBe(ErrorCode.SMS_CODE_INVALID);
    const right = await reset(LISI_MOBILE, code, 'newpass1', ip);
    expect(right).toMatchObject({ code: ErrorCode.SMS_CODE_INVALID, msg: '验证码错误或已失效，请重新获取' });
    expect(await t.login('lisi', 'student123')).toBeTruthy();
  });

  it('expires a code after five minutes', async () => {
    nextDay();
    const ip = nextIp();
    expect((await sendCode(LISI_MOBILE, ip)).code).toBe(0);
    const code = lastLoggedCode(LISI_MOBILE) as string;
    nowMs += 5 * 60_000 + 1000;
    expect((await reset(LISI_MOBILE, code, 'newpass1', ip)).code).toBe(ErrorCode.SMS_CODE_INVALID);
  });

  it('allows one code per 60 seconds and ten per day for a mobile', async () => {
    nextDay();
    const ip = nextIp();
    expect((await sendCode(LISI_MOBILE, ip)).code).toBe(0);
    const soon = await sendCode(LISI_MOBILE, ip);
    expect(soon.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(soon.msg).toMatch(/请\d+秒后再试/);
    for (let i = 1; i < 10; i++) {
      nowMs += 61_000;
      expect((await sendCode(LISI_MOBILE, nextIp())).code).toBe(0);
    }
    nowMs += 61_000;
    const eleventh = await sendCode(LISI_MOBILE, nextIp());
    expect(eleventh.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(eleventh.msg).toContain('今日');
  });

  it('allows twenty requests per hour from one address, unknown mobiles included', async () => {
    nextDay();
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      const res = await sendCode(`1590000${String(i).padStart(4, '0')}`, ip);
      expect(res).toMatchObject({ code: 0, data: { expiresIn: 300, resendIn: 60 } });
    }
    const blocked = await sendCode(DEPTADMIN_MOBILE, ip);
    expect(blocked.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect((await sendCode(DEPTADMIN_MOBILE, nextIp())).code).toBe(0);
  });

  it('lets only one of two concurrent requests for a mobile through', async () => {
    nextDay();
    const [a, b] = await Promise.all([sendCode(WANGWU_MOBILE, nextIp()), sendCode(WANGWU_MOBILE, nextIp())]);
    expect([a.code, b.code].sort()).toEqual([0, ErrorCode.TOO_MANY_REQUESTS]);
  });

  it('answers bad input with 10010001 naming the field', async () => {
    const ip = nextIp();
    expect(await sendCode('12345', ip)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '手机号码格式不正确!' });
    const badCode = await reset(STUDENT_MOBILE, 'abc', 'newpass1', ip);
    expect(badCode.code).toBe(ErrorCode.BAD_PARAMS);
    expect(badCode.msg).toContain('验证码');
    const badPass = await reset(STUDENT_MOBILE, '123456', 'abcdef', ip);
    expect(badPass.code).toBe(ErrorCode.BAD_PARAMS);
    expect(badPass.msg).toContain('新密码');
  });

  it('sends through Aliyun when sys_config.sms says so', async () => {
    nextDay();
    const ip = nextIp();
    await t.db
      .update(sysConfig)
      .set({
        sms: {
          provider: 'aliyun',
          accessKeyId: 'ak',
          accessKeySecret: 'aliyun-secret',
          signName: '云帆考试',
          templateCode: 'SMS_1',
          endpoint: standIn.endpoint,
        },
      })
      .where(eq(sysConfig.id, '1'));
    try {
      const before = standIn.received.length;
      expect((await sendCode(DEPTADMIN_MOBILE, ip)).code).toBe(0);
      // The message goes out after the answer (same timing for unknown mobiles).
      await eventually(() => standIn.received.length > before);
      const param = JSON.parse(standIn.received.at(-1)?.TemplateParam ?? '{}');
      expect(param.code).toMatch(/^\d{6}$/);
      expect((await reset(DEPTADMIN_MOBILE, param.code, 'newpass3', ip)).code).toBe(0);
      expect(await t.login('deptadmin', 'newpass3')).toBeTruthy();
      // Aliyun refuses (flow control on this mobile): the answer cannot depend on it (it would tell
      // registered numbers apart); the code is killed, so no code that was never sent stays usable.
      const refused = await sendCode(WANGWU_MOBILE, nextIp());
      expect(refused.code).toBe(0);
      await eventually(async () => {
        const [row] = await t.db
          .select({ usedAt: sysSmsCode.usedAt })
          .from(sysSmsCode)
          .where(eq(sysSmsCode.mobile, WANGWU_MOBILE))
          .orderBy(desc(sysSmsCode.createdAt))
          .limit(1);
        return row?.usedAt !== null;
      });
    } finally {
      await t.db
        .update(sysConfig)
        .set({ sms: { provider: 'log' } })
        .where(eq(sysConfig.id, '1'));
    }
  });
});
