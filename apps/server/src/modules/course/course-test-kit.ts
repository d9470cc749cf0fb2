/** Helpers shared by the course API tests: a short generated video, multipart upload, a course with files. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BodyIn,
  commonFileUpload,
  courseChapterSave,
  courseCoursePublish,
  courseCourseSave,
  courseFileSave,
  type DataOut,
  type JsonEndpoint,
} from '@exam/contracts';
import { expect } from 'vitest';
import { multipartBody } from '../../test/multipart.js';
import type { TestApp } from '../../test/test-app.js';

/** A tiny mp4 of `seconds` made once per process with Debian's ffmpeg. */
export function testVideo(seconds = 30): Buffer {
  const file = path.join(os.tmpdir(), `course-test-${seconds}s-${process.pid}.mp4`);
  if (!fs.existsSync(file))
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=64x48:rate=5`,
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      file,
    ]);
  return fs.readFileSync(file);
}

export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A PDF of `pages` pages, drawn with pdfkit. */
export async function pdfOfPages(pages: number): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: [200, 200] });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (let i = 1; i <= pages; i++) {
    if (i > 1) doc.addPage();
    doc.text(`page ${i}`);
  }
  doc.end();
  return done;
}

export async function upload(
  t: TestApp,
  name: string,
  content: Buffer,
  token: string,
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody(fields, { name, body: content });
  const res = await t.app.inject({
    method: 'POST',
    url: commonFileUpload.path,
    payload,
    headers: { 'content-type': contentType, token },
  });
  return res.json();
}

/** Calls the endpoint and answers its data, failing the test on a non-zero code. */
export async function ok<E extends JsonEndpoint>(
  t: TestApp,
  ep: E,
  body: BodyIn<E>,
  token: string,
): Promise<DataOut<E>> {
  const res = await t.request(ep, body, token);
  expect(res, `${ep.path}: ${res.msg}`).toMatchObject({ code: 0 });
  return res.data;
}

/** A published course with one chapter holding a video and a PDF; answers the ids. */
export async function makeCourse(t: TestApp, admin: string, course: Partial<BodyIn<typeof courseCourseSave>>) {
  const courseId = (await ok(t, courseCourseSave, { title: '安全生产培训', openType: 1, ...course }, admin)).id;
  const chapterId = (await ok(t, courseChapterSave, { courseId, title: '第一章' }, admin)).id;
  const video = await upload(t, 'intro.mp4', testVideo(), admin, { purpose: 'course', audience: 'private' });
  const pdf = await upload(t, 'handbook.pdf', TINY_PDF, admin, { purpose: 'course', audience: 'private' });
  const videoId = (await ok(t, courseFileSave, { chapterId, fileId: video.data.id, title: '视频', sort: 1 }, admin)).id;
  const pdfFile = { chapterId, fileId: pdf.data.id, title: '手册', sort: 2, minReadSeconds: 5 };
  const pdfId = (await ok(t, courseFileSave, pdfFile, admin)).id;
  await ok(t, courseCoursePublish, { id: courseId, state: 1 }, admin);
  return { courseId, chapterId, videoId, pdfId };
}
