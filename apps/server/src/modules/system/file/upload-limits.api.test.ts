/**
 * Learner uploads had no size or quota limit (100 MB accepted). Per-purpose limits
 * and types, content checked by its signature, a per-user quota, clear Chinese refusals.
 */

import { commonFileUpload, ErrorCode, sysUserInfo } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysFile } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const MB = 1024 * 1024;
let t: TestApp;
let student: string;
let lisi: string;
let admin: string;
beforeAll(async () => {
  // A small quota keeps the test quick; the rule is the same at the default 100 MB.
  t = await createTestApp({ config: { uploadQuotaBytes: 3 * MB } });
  student = await t.login('student', 'student123');
  lisi = await t.login('lisi', 'student123');
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => t.close());

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (bytes: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(bytes - PNG_HEAD.length, 1)]);
const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]);

async function upload(name: string, content: Buffer, token: string, fields: Record<string, string> = {}) {
  const boundary = '----limits';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: commonFileUpload.path,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const filesOf = async (token: string) => {
  const info = await t.call(sysUserInfo.path, {}, token);
  return t.db.select().from(sysFile).where(eq(sysFile.ownerId, info.data.id));
};

describe('upload limits by purpose', () => {
  it('refuses a learner attachment over 20 MB and keeps nothing of it', async () => {
    const res = await upload('大文件.pdf', pdf(21 * MB), student);
    expect(res).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '文件：附件大小不能超过20MB' });
    expect(await filesOf(student)).toHaveLength(0);
  });

  it('takes avatars up to 2 MB and images only', async () => {
    expect((await upload('a.png', png(100_000), student, { purpose: 'avatar' })).code).toBe(0);
    const big = await upload('a.png', png(2 * MB + 1), student, { purpose: 'avatar' });
    expect(big).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '文件：头像大小不能超过2MB' });
    const doc = await upload('a.pdf', pdf(1000), student, { purpose: 'avatar' });
    expect(doc.code).toBe(ErrorCode.BAD_PARAMS);
    expect(doc.msg).toContain('头像仅支持 png');
    const disguised = await upload('a.png', pdf(1000), student, { purpose: 'avatar' });
    expect(disguised).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '文件：文件内容与扩展名不符' });
  });

  it('refuses unknown purposes and administrator purposes asked by a learner', async () => {
    const unknown = await upload('a.png', png(1000), student, { purpose: 'evil' });
    expect(unknown).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '用途：不支持的上传用途' });
    const course = await upload('a.pdf', pdf(1000), student, { purpose: 'course' });
    expect(course).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '用途：无权上传课程资料' });
  });

  it('lets an administrator upload course material over 20 MB', async () => {
    const res = await upload('课件.pdf', pdf(21 * MB), admin);
    expect(res.code).toBe(0);
    expect(res.data.size).toBe(21 * MB);
  });
});

describe('per-user quota', () => {
  it('refuses the upload that would pass the quota, and removes its bytes', async () => {
    expect(lisi).not.toBe(student);
    expect((await upload('1.pdf', pdf(1.4 * MB), lisi)).code).toBe(0);
    expect((await upload('2.pdf', pdf(1.4 * MB), lisi)).code).toBe(0);
    const over = await upload('3.pdf', pdf(0.5 * MB), lisi);
    expect(over.code).toBe(ErrorCode.BAD_PARAMS);
    expect(over.msg).toContain('存储空间不足');
    const rows = await filesOf(lisi);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(await t.app.deps.blobs.stat(r.storagePath)).not.toBeNull();
    // Another learner's quota is their own.
    expect((await upload('mine.pdf', pdf(MB), student)).code).toBe(0);
  });

  it('lets two uploads at once into the last free space store only one', async () => {
    const [a, b] = await Promise.all([
      upload('x.pdf', pdf(1.5 * MB), student),
      upload('y.pdf', pdf(1.5 * MB), student),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, ErrorCode.BAD_PARAMS]);
  });
});
