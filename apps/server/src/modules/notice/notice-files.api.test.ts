/**
 * Notice attachments are private: only administrators and readers in the notice's audience fetch
 * them; those stored public before the fix are made private by migration 0013.
 */
import fs from 'node:fs';
import { commonFileUpload, noticePublish } from '@exam/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysFile, sysNotice } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveNotice, userId } from './notice-test-kit.js';

let t: TestApp;
let admin: string;
let student: string;
let lisi: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  lisi = await t.login('lisi', 'student123');
});
afterAll(async () => t.close());

const PDF = Buffer.from('%PDF-1.4\n%notice attachment\n');

/** Uploads a PDF the way the web did before the fix: no audience field before the file (stored public). */
async function uploadPublic(token: string): Promise<string> {
  const boundary = '----notice-files-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="制度.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: commonFileUpload.path,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token },
  });
  const body = res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data.id;
}

const fetchFile = (id: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/common/file/${id}`, headers: token ? { token } : {} });

const audienceOf = async (id: string) =>
  (await t.db.select({ a: sysFile.audience }).from(sysFile).where(eq(sysFile.id, id)))[0].a;

describe('notice attachments', () => {
  it('a saved notice makes its attachment private: signed-out and outside the audience get 404, inside and admins get it', async () => {
    const fileId = await uploadPublic(admin);
    expect(await audienceOf(fileId)).toBe('public');
    const id = await saveNotice(t, admin, {
      title: '仅学生可见',
      openType: 3,
      userIds: [await userId(t, 'student')],
      fileIds: [fileId],
    });
    expect(await audienceOf(fileId)).toBe('private');
    // A draft's attachment is nobody's to read but the administrators'.
    expect((await fetchFile(fileId, student)).statusCode).toBe(404);
    expect((await fetchFile(fileId, admin)).statusCode).toBe(200);
    expect((await t.call(noticePublish.path, { id }, admin)).code).toBe(0);

    expect((await fetchFile(fileId)).statusCode).toBe(404);
    expect((await fetchFile(fileId, lisi)).statusCode).toBe(404);
    const inside = await fetchFile(fileId, student);
    expect(inside.statusCode).toBe(200);
    expect(inside.rawPayload.equals(PDF)).toBe(true);
    expect(inside.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('migration 0013 makes the attachments stored public before the fix private', async () => {
    const fileId = await uploadPublic(admin);
    // A notice saved before the fix: it references a public file.
    await t.db.insert(sysNotice).values({
      title: '旧公告',
      content: '<p>旧</p>',
      summary: '旧',
      openType: 3,
      userIds: [await userId(t, 'student')],
      fileIds: [fileId],
      state: 1,
      publishAt: new Date(Date.now() - 60_000),
      createdBy: await userId(t, 'admin'),
    });
    expect((await fetchFile(fileId)).statusCode).toBe(200);
    const migration = new URL('../../../drizzle/0013_notice_attachments_private.sql', import.meta.url);
    await t.db.execute(sql.raw(fs.readFileSync(migration, 'utf8')));
    expect(await audienceOf(fileId)).toBe('private');
    expect((await fetchFile(fileId)).statusCode).toBe(404);
    expect((await fetchFile(fileId, lisi)).statusCode).toBe(404);
    expect((await fetchFile(fileId, student)).statusCode).toBe(200);
  });

  it('a private file no notice holds is read by its owner, not by another learner', async () => {
    const fileId = await uploadPublic(student);
    await t.db.update(sysFile).set({ audience: 'private' }).where(eq(sysFile.id, fileId));
    expect((await fetchFile(fileId)).statusCode).toBe(404);
    expect((await fetchFile(fileId, lisi)).statusCode).toBe(404);
    expect((await fetchFile(fileId, student)).statusCode).toBe(200);
  });
});
