import { commonFileUpload, ErrorCode } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  student = await t.login('student', 'student123');
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const ZIP = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40, 2)]);

/** POSTs a multipart body with the given fields, then the file. */
async function upload(name: string, content: Buffer, token: string | null, fields: Record<string, string> = {}) {
  const boundary = '----exam-test-boundary';
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
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { token } : {}) },
  });
  return res.json();
}

// The owner reads back their upload (a learner's upload is private; file-privacy.api.test.ts).
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { token: student, ...headers } });
const anonymous = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('upload and serve', () => {
  it('stores an image and serves it inline with safe headers', async () => {
    const res = await upload('头像.png', PNG, student);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ name: '头像.png', size: PNG.length, mime: 'image/png' });
    expect(res.data.url).toBe(`/api/common/file/${res.data.id}`);
    expect(res.data.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const served = await get(res.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''/);
    expect(served.headers['cache-control']).toContain('max-age');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const part = await get(res.data.url, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(8);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PNG.length}`);
    expect(part.rawPayload.equals(PNG.subarray(0, 8))).toBe(true);
    const tail = await get(res.data.url, { range: 'bytes=-4' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(PNG.subarray(PNG.length - 4))).toBe(true);
    const beyond = await get(res.data.url, { range: `bytes=${PNG.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${PNG.length}`);
  });

  it('serves office documents as attachments', async () => {
    const res = await upload('报表.xlsx', ZIP, student);
    expect(res.code).toBe(0);
    const served = await get(res.data.url);
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses forbidden types, content that does not match its extension, and anonymous uploads', async () => {
    const svg = await upload('x.svg', Buffer.from('<svg onload="alert(1)"/>'), student);
    expect(svg.code).toBe(ErrorCode.BAD_PARAMS);
    expect(svg.msg).toContain('不支持的文件类型');
    const fake = await upload('x.png', Buffer.from('<html><script>alert(1)</script></html>'), student);
    expect(fake.code).toBe(ErrorCode.BAD_PARAMS);
    expect(fake.msg).toContain('文件内容与扩展名不符');
    const exe = await upload('x.exe', Buffer.from('MZ'), student);
    expect(exe.code).toBe(ErrorCode.BAD_PARAMS);
    expect((await upload('x.png', PNG, null)).code).toBe(ErrorCode.NOT_LOGIN);
  });

  it('answers 404 to path-escape attempts and unknown ids', async () => {
    for (const url of [
      '/api/common/file/..%2F..%2Fetc%2Fpasswd',
      '/api/common/file/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/common/file/..',
      '/api/common/file/short',
      '/api/common/file/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('root:');
    }
  });

  it('serves private files only to signed-in users (header or cookie)', async () => {
    const res = await upload('课件.pdf', Buffer.from('%PDF-1.4\n%test\n'), student, { audience: 'private' });
    expect(res.code).toBe(0);
    expect((await anonymous(res.data.url)).statusCode).toBe(404);
    expect((await anonymous(res.data.url, { token: 'forged' })).statusCode).toBe(404);
    const withHeader = await get(res.data.url, { token: student });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.headers['content-type']).toBe('application/pdf');
    expect(withHeader.headers['cache-control']).toContain('private');
    expect((await anonymous(res.data.url, { cookie: `token=${student}` })).statusCode).toBe(200);
  });
});
