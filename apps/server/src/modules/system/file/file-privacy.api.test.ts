/**
 * Who reads an upload: a learner's upload (other than an avatar) is private — its owner and the
 * administrators whose data scope holds the owner (markers, invigilators) read it; an anonymous
 * caller or another learner holding the id do not. Avatars and administrators' uploads (question
 * and notice images) stay public.
 */
import { commonFileUpload, DataScope } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createAdmin } from '../user/user.test-helpers.js';

let t: TestApp;
let student: string;
let lisi: string;
let sa: string;
let techAdmin: string;
let marketAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  student = await t.login('student', 'student123');
  lisi = await t.login('lisi', 'student123');
  sa = await t.login('admin', 'admin123');
  techAdmin = (await createAdmin(t, 'techmarker', DataScope.OWN_DEPT, 'D001D001')).token;
  marketAdmin = (await createAdmin(t, 'marketmarker', DataScope.OWN_DEPT, 'D001D002')).token;
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function upload(token: string, fields: Record<string, string> = {}): Promise<string> {
  const boundary = '----exam-privacy-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="answer.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: commonFileUpload.path,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token },
  });
  expect(res.json().code, res.body).toBe(0);
  return res.json().data.url;
}

const status = async (url: string, token?: string) =>
  (await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} })).statusCode;

describe('who reads an upload', () => {
  it("keeps a learner's upload private: the owner and administrators over the owner read it", async () => {
    const asked: Record<string, string>[] = [
      {},
      { purpose: 'attachment' },
      { purpose: 'attachment', audience: 'public' },
    ];
    for (const fields of asked) {
      const url = await upload(student, fields);
      expect(await status(url), 'anonymous').toBe(404);
      expect(await status(url, lisi), 'another learner').toBe(404);
      expect(await status(url, marketAdmin), 'an administrator of another department').toBe(404);
      expect(await status(url, student), 'the owner').toBe(200);
      expect(await status(url, techAdmin), "an administrator of the owner's department").toBe(200);
      expect(await status(url, sa), 'the super administrator').toBe(200);
    }
  });

  it("keeps avatars and administrators' images public", async () => {
    expect(await status(await upload(student, { purpose: 'avatar' }))).toBe(200);
    expect(await status(await upload(sa))).toBe(200);
    expect(await status(await upload(techAdmin, { purpose: 'attachment' }))).toBe(200);
    const asked = await upload(sa, { audience: 'private' });
    expect(await status(asked)).toBe(404);
    expect(await status(asked, sa)).toBe(200);
  });
});
