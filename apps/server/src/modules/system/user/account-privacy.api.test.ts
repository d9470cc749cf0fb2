/**
 * Registration and send-code do not tell known names and numbers from unknown ones, and demo
 * accounts sharing a password do not share a hash.
 */
import { sysUserReg, sysUserSmsSendCode } from '@exam/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig, sysUser } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TAKEN } from './auth.service.js';

let t: TestApp;
let ipSeq = 1;
beforeAll(async () => {
  t = await createTestApp();
  // Registration is closed on a new site; these tests are about what it does when open.
  await t.db.update(sysConfig).set({ regOpen: true });
});
afterAll(async () => t.close());

async function call(path: string, body: object) {
  const started = performance.now();
  const res = await t.app.inject({ method: 'POST', url: path, payload: body, remoteAddress: `192.0.2.${ipSeq++}` });
  return { answer: res.json(), ms: performance.now() - started };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('registration', () => {
  it('answers a taken name and a taken mobile alike, after the same hashing work', async () => {
    const takenName = [];
    const takenMobile = [];
    for (let i = 0; i < 3; i++) {
      takenName.push(
        await call(sysUserReg.path, {
          userName: 'student',
          realName: '某人',
          password: 'abc123',
          mobile: `1391234${String(i).padStart(4, '0')}`,
        }),
      );
      takenMobile.push(
        await call(sysUserReg.path, {
          userName: `fresh${i}`,
          realName: '某人',
          password: 'abc123',
          mobile: '13800000002',
        }),
      );
    }
    for (const r of [...takenName, ...takenMobile])
      expect(r.answer).toEqual({ code: 10010006, msg: TAKEN, data: null });
    const ratio = mean(takenName.map((r) => r.ms)) / mean(takenMobile.map((r) => r.ms));
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});

describe('send-code', () => {
  it('answers a registered and an unknown mobile alike', async () => {
    const known = [];
    const unknown = [];
    for (let i = 1; i <= 3; i++) {
      known.push(await call(sysUserSmsSendCode.path, { mobile: `1380000000${i}` }));
      unknown.push(await call(sysUserSmsSendCode.path, { mobile: `1590000000${i}` }));
    }
    for (const r of [...known, ...unknown])
      expect(r.answer).toEqual({ code: 0, msg: '操作成功', data: { expiresIn: 300, resendIn: 60 } });
    const ratio = mean(known.map((r) => r.ms)) / mean(unknown.map((r) => r.ms));
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});

describe('demo accounts', () => {
  it('hash each password with its own salt', async () => {
    const rows = await t.db
      .select({ hash: sysUser.passwordHash })
      .from(sysUser)
      .where(inArray(sysUser.userName, ['student', 'lisi', 'wangwu', 'admin', 'deptadmin']));
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(5);
  });
});
