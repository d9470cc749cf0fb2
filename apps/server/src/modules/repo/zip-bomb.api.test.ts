/**
 * A 915 KB docx whose XML inflated to ~300 MB, sent to the question import, blocked
 * every request for ~70 s and then ran the process out of memory. Every zip the product opens
 * (docx and xlsx imports, course office documents) passes the zip guard before it is inflated, and
 * docx is read in a capped worker: the bomb is refused clearly and the server keeps answering.
 */
import {
  courseChapterSave,
  courseCourseSave,
  courseFileSave,
  ErrorCode,
  repoQuImport,
  repoRepoSave,
  sysConfigDetail,
  sysUserImport,
} from '@exam/contracts';
import { Document, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bombDocx } from '../../test/zip-bomb.js';
import { upload } from '../course/course-test-kit.js';

let t: TestApp;
let admin: string;
let repoId: string;
let bomb: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  repoId = (await t.call(repoRepoSave.path, { title: '压缩炸弹题库' }, admin)).data.id;
  bomb = await bombDocx({ inflatedMb: 300 });
}, 120_000);
afterAll(async () => t.close());

function multipart(fields: Record<string, string>, name: string, content: Buffer) {
  const boundary = '----zip-bomb';
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
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function importFile(url: string, name: string, content: Buffer, fields: Record<string, string> = {}) {
  const { payload, contentType } = multipart(fields, name, content);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, token: admin },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('zip bombs', () => {
  it('refuses a 300 MB docx bomb clearly while the server keeps answering', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const [refused, other] = await Promise.all([
      importFile(repoQuImport.path, 'bomb.docx', bomb, { repoId }),
      t.call(sysConfigDetail.path, { id: '1' }),
    ]);
    expect(refused.code).toBe(ErrorCode.BAD_PARAMS);
    expect(refused.msg).toMatch(/^文件：文件解压后过大/);
    expect(other.code).toBe(0);
    expect(performance.now() - started).toBeLessThan(5000);
    expect((await t.call(sysConfigDetail.path, { id: '1' })).code).toBe(0);
  }, 120_000);

  it('refuses a forged docx whose entry inflates past its declared size (the worker caps the real output)', async () => {
    const forged = await bombDocx({ inflatedMb: 30, declareBytes: 512 * 1024 });
    const res = await importFile(repoQuImport.path, 'forged.docx', forged, { repoId });
    expect(res).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(res.msg).toContain('文件内容与其声明的大小不符');
  }, 60_000);

  it('refuses the bomb as an xlsx, for the question and the user import', async () => {
    const q = await importFile(repoQuImport.path, 'bomb.xlsx', bomb, { repoId });
    expect(q).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(q.msg).toMatch(/^文件：文件解压后过大/);
    const u = await importFile(sysUserImport.path, 'bomb.xlsx', bomb);
    expect(u).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(u.msg).toMatch(/^文件：文件解压后过大/);
  }, 60_000);

  it('refuses the bomb as a course office document before it is converted', async () => {
    const courseId = (await t.call(courseCourseSave.path, { title: '炸弹课程', openType: 1 }, admin)).data.id;
    const chapterId = (await t.call(courseChapterSave.path, { courseId, title: '第一章' }, admin)).data.id;
    const up = await upload(t, '课件.docx', bomb, admin, { purpose: 'course', audience: 'private' });
    expect(up.code).toBe(0);
    const res = await t.call(courseFileSave.path, { chapterId, fileId: up.data.id, title: '文档', sort: 1 }, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toMatch(/^文件：文件解压后过大/);
  }, 60_000);

  it('still imports an ordinary docx', async () => {
    const doc = new Document({
      sections: [
        {
          children: ['一、单选题', '1. 一加一等于几（ ）', 'A. 1', 'B. 2', '答案：B'].map(
            (text) => new Paragraph(text),
          ),
        },
      ],
    });
    const res = await importFile(repoQuImport.path, '试题.docx', Buffer.from(await Packer.toBuffer(doc)), { repoId });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ total: 1, imported: 1 });
  }, 60_000);
});
