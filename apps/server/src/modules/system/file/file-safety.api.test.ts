/**
 * Course files are served only behind the course audience check,
 * uploads other than images, video and audio are attachments, every file response carries nosniff
 * and a sandboxing Content-Security-Policy, and file GETs no longer send twice ("Reply was already
 * sent", logged with status 500).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { courseChapterSave, courseCoursePublish, courseCourseSave, courseFileSave, ErrorCode } from '@exam/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysFile } from '../../../db/schema/index.js';
import { serverRoot } from '../../../platform/paths.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TINY_PDF, upload } from '../../course/course-test-kit.js';

let t: TestApp;
let admin: string;
let student: string;
const log: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      log.push(String(chunk));
      cb();
    },
  });
  t = await createTestApp({ logger: { level: 'info', stream } });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A published course open to everyone with one PDF uploaded as `audience`; answers the ids. */
async function coursePdf(audience: 'public' | 'private' | null) {
  const courseId = (await t.call(courseCourseSave.path, { title: '课件保密', openType: 1 }, admin)).data.id;
  const chapterId = (await t.call(courseChapterSave.path, { courseId, title: '第一章' }, admin)).data.id;
  const up = await upload(t, '手册.pdf', TINY_PDF, admin, audience ? { purpose: 'course', audience } : {});
  expect(up.code).toBe(0);
  const saved = await t.call(courseFileSave.path, { chapterId, fileId: up.data.id, title: '手册', sort: 1 }, admin);
  expect(saved.code).toBe(0);
  expect((await t.call(courseCoursePublish.path, { id: courseId, state: 1 }, admin)).code).toBe(0);
  return { fileId: up.data.id as string, courseFileId: saved.data.id as string };
}

describe('course files go through the audience check only', () => {
  it('a course file uploaded as public is not served by /api/common/file, with or without sign-in', async () => {
    const { fileId, courseFileId } = await coursePdf(null);
    expect((await get(`/api/common/file/${fileId}`)).statusCode).toBe(404);
    expect((await get(`/api/common/file/${fileId}`, { token: student })).statusCode).toBe(404);
    const [row] = await t.db.select().from(sysFile).where(eq(sysFile.id, fileId));
    expect(row.audience).toBe('private');
    const content = await get(`/api/course/file/content/${courseFileId}`, { token: student });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(TINY_PDF)).toBe(true);
  });

  it('a private course file is refused to other signed-in users on /api/common/file', async () => {
    const { fileId } = await coursePdf('private');
    expect((await get(`/api/common/file/${fileId}`, { token: student })).statusCode).toBe(404);
  });

  it('the migration makes course files stored as public private', async () => {
    const { fileId } = await coursePdf('private');
    await t.db.update(sysFile).set({ audience: 'public' }).where(eq(sysFile.id, fileId));
    const migration = fs.readFileSync(path.join(serverRoot, 'drizzle', '0023_h21zip.sql'), 'utf8');
    await t.db.execute(sql.raw(migration));
    const [row] = await t.db.select().from(sysFile).where(eq(sysFile.id, fileId));
    expect(row.audience).toBe('private');
    expect((await get(`/api/common/file/${fileId}`)).statusCode).toBe(404);
  });
});

describe('uploads cannot run in the browser', () => {
  it('a PNG polyglot stays an image under a sandboxing CSP and nosniff', async () => {
    const polyglot = Buffer.concat([PNG_HEAD, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const up = await upload(t, 'x.png', polyglot, student);
    const res = await get(up.data.url, { token: student });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('a PDF (which may carry JavaScript) is an attachment with the CSP, here and in the course player', async () => {
    const pdfJs = Buffer.concat([TINY_PDF, Buffer.from('<</S/JavaScript/JS(app.alert(1))>>\n')]);
    const up = await upload(t, 'js.pdf', pdfJs, student);
    const res = await get(up.data.url, { token: student });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The player reads the PDF with fetch(): an attachment's bytes arrive all the same.
    const { courseFileId } = await coursePdf('private');
    const content = await get(`/api/course/file/content/${courseFileId}`, { token: student });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-disposition']).toMatch(/^attachment;/);
    expect(content.headers['content-security-policy']).toMatch(/sandbox/);
    expect(content.rawPayload.equals(TINY_PDF)).toBe(true);
  });
});

describe('file GETs send once', () => {
  it('200, 206, 304, 416 and HEAD leave no "Reply was already sent" and no 500 in the log', async () => {
    const up = await upload(t, 'a.png', Buffer.concat([PNG_HEAD, Buffer.alloc(64, 1)]), student);
    const { courseFileId } = await coursePdf('private');
    const future = new Date(Date.now() + 3_600_000).toUTCString();
    for (const url of [up.data.url, `/api/course/file/content/${courseFileId}`]) {
      const headers = { token: student };
      expect((await get(url, headers)).statusCode).toBe(200);
      expect((await get(url, { ...headers, range: 'bytes=0-3' })).statusCode).toBe(206);
      expect((await get(url, { ...headers, range: 'bytes=99999-' })).statusCode).toBe(416);
      expect((await get(url, { ...headers, 'if-modified-since': future })).statusCode).toBe(304);
      expect((await t.app.inject({ method: 'HEAD', url, headers })).statusCode).toBe(200);
    }
    expect((await get('/api/common/file/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).json()).toMatchObject({
      code: ErrorCode.NOT_FOUND,
    });
    await new Promise((r) => setTimeout(r, 100));
    const bad = log.filter((line) => line.includes('Reply was already sent') || /"statusCode":500/.test(line));
    expect(bad).toEqual([]);
  });
});
