/**
 * A NUL byte in a field is refused with 10010001 naming the field (it was a 500 whose
 * log held the failed INSERT's parameters, an argon2 hash among them); the log holds no password,
 * hash or token; JSON calls have a small body limit, answers a per-route one.
 */

import { Writable } from 'node:stream';
import {
  ErrorCode,
  paperPaperFillAnswer,
  repoQuImport,
  sysUserLogin,
  sysUserSave,
  sysUserUpdatePass,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysDepart, sysRole } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let admin: string;
let student: string;
let lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream } });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
});
afterAll(async () => t.close());
beforeEach(() => {
  lines = [];
});

async function newUser(userName: string, extra: Record<string, unknown> = {}) {
  const [dept] = await t.db.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.code, 'D001D001'));
  const [role] = await t.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, 'student'));
  return { userName, realName: '测试', password: 'secret123', deptId: dept.id, roleIds: [role.id], ...extra };
}

function expectCleanLog() {
  const log = lines.join('');
  expect(log).not.toMatch(/\$argon2/);
  expect(log).not.toContain('secret123');
  expect(log).not.toContain(admin);
  expect(log).not.toContain(student);
}

describe('NUL bytes', () => {
  it('refuses a NUL in a field of a new user with 10010001 naming the field, and logs no hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: sysUserSave.path,
      payload: await newUser('nul1', { realName: '张\u0000三' }),
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(res.json().msg).toContain('姓名');
    expectCleanLog();
  });

  it('refuses a NUL in sign-in, in nested values and in keys', async () => {
    const login = await t.call(sysUserLogin.path, { userName: 'adm\u0000in', password: 'x1' });
    expect(login.code).toBe(ErrorCode.BAD_PARAMS);
    expect(login.msg).toContain('用户名');
    const nested = await t.call(sysUserSave.path, await newUser('nul2', { roleIds: ['a\u0000'] }), admin);
    expect(nested.code).toBe(ErrorCode.BAD_PARAMS);
    const key = await t.call(sysUserSave.path, { ...(await newUser('nul3')), 'x\u0000': 1 }, admin);
    expect(key.code).toBe(ErrorCode.BAD_PARAMS);
    expectCleanLog();
  });

  it('answers a value the database refuses in a multipart field with 10010001, not 500', async () => {
    const boundary = '----nul';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="repoId"\r\n\r\nr\u0000x\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\nPK\u0003\u0004xx\r\n--${boundary}--\r\n`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: repoQuImport.path,
      payload: body,
      headers: { token: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(ErrorCode.BAD_PARAMS);
  });
});

describe('body limits', () => {
  it('refuses a JSON call over the default limit with 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: sysUserLogin.path,
      payload: { userName: 'a'.repeat(300 * 1024), password: 'x' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '上传的内容过大' });
  });

  it('refuses a 9.5 MB answer before it reaches the database', async () => {
    const huge = { paperId: 'p', quId: 'q', seq: 1, answer: 'x'.repeat(9.5 * 1024 * 1024) };
    const res = await t.app.inject({
      method: 'POST',
      url: paperPaperFillAnswer.path,
      payload: huge,
      headers: { token: student },
    });
    expect(res.statusCode).toBe(413);
    const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, 'v']));
    const map = await t.call(paperPaperFillAnswer.path, { paperId: 'p', quId: 'q', seq: 1, answer: many }, student);
    expect(map.code).toBe(ErrorCode.BAD_PARAMS);
    expect(map.msg).toContain('答案');
  });
});

describe('log redaction', () => {
  it('keeps tokens and passwords of a refused call out of the log', async () => {
    await t.app.inject({
      method: 'POST',
      url: sysUserUpdatePass.path,
      payload: '{"oldPassword":"secret123",',
      headers: { token: student, cookie: `token=${student}`, 'content-type': 'application/json' },
    });
    expect(lines.length).toBeGreaterThan(0);
    expectCleanLog();
  });
});
