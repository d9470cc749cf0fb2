/**
 * One course progress, computed on the server and read the same everywhere: a video watched to
 * 66 % and a PDF read to page 1 of 2 (50 %) make the course 58 % in its detail, in my courses, in
 * the heartbeat's answer and in the administrator's report, not 0 %.
 */
import {
  courseChapterSave,
  courseCoursePublish,
  courseCourseSave,
  courseFileSave,
  courseLearnDetail,
  courseLearnHeartbeat,
  courseLearnMyPaging,
  courseStatPaging,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCourseUser, sysUser } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ok, pdfOfPages, testVideo, upload } from './course-test-kit.js';
import { coursePercent } from './progress-rules.js';

let t: TestApp;
let now = new Date();
let admin: string;
let student: string;
let courseId: string;
let videoId: string;
let pdfId: string;
const tick = (s: number) => {
  now = new Date(now.getTime() + s * 1000);
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  courseId = (await ok(t, courseCourseSave, { title: '消防安全', openType: 1 }, admin)).id;
  const chapterId = (await ok(t, courseChapterSave, { courseId, title: '第一章' }, admin)).id;
  const video = await upload(t, 'fire.mp4', testVideo(30), admin, { purpose: 'course', audience: 'private' });
  const pdf = await upload(t, 'fire.pdf', await pdfOfPages(2), admin, { purpose: 'course', audience: 'private' });
  videoId = (await ok(t, courseFileSave, { chapterId, fileId: video.data.id, title: '视频', sort: 1 }, admin)).id;
  pdfId = (await ok(t, courseFileSave, { chapterId, fileId: pdf.data.id, title: '手册', sort: 2 }, admin)).id;
  await ok(t, courseCoursePublish, { id: courseId, state: 1 }, admin);
}, 60_000);
afterAll(async () => t.close());

const fetchContent = async (fileId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/course/file/content/${fileId}`,
    headers: { token: student },
  });
  expect(res.statusCode).toBe(200);
};
const beat = (body: Record<string, unknown>) =>
  ok(t, courseLearnHeartbeat, { fileId: videoId, playing: true, visible: true, rate: 1, ...body } as never, student);

describe('course progress', () => {
  it('is the mean of the required files, 100 only when all are done', () => {
    const f = (percent: number, done = false, required = true) => ({ percent, done, required });
    expect(coursePercent([f(66), f(50)])).toEqual({ progress: 58, complete: false });
    expect(coursePercent([f(100, true), f(99)])).toEqual({ progress: 99, complete: false });
    expect(coursePercent([f(100, true), f(100, true), f(10, false, false)])).toEqual({ progress: 100, complete: true });
    expect(coursePercent([])).toEqual({ progress: 0, complete: false });
  });

  it('a video at 66 % and a PDF at 50 % read 58 % in the detail, my courses, the heartbeat and the report', async () => {
    await fetchContent(videoId);
    await beat({ ranges: [] });
    tick(10);
    await beat({ ranges: [[0, 10]], position: 10 });
    tick(10);
    const v = await beat({ ranges: [[10, 20]], position: 20 });
    expect(v.percent).toBe(66);
    expect(v.courseProgress).toBe(33);
    await fetchContent(pdfId);
    const p = await beat({ fileId: pdfId, page: 1, pages: 2, playing: false });
    expect(p.percent).toBe(50);
    expect(p.courseProgress).toBe(58);

    const detail = await ok(t, courseLearnDetail, { id: courseId }, student);
    expect(detail.progress).toBe(58);
    expect(detail.files.map((f) => f.percent).sort()).toEqual([50, 66]);
    const mine = await ok(t, courseLearnMyPaging, { current: 1, size: 50, params: {} } as never, student);
    expect(mine.records.find((r: { id: string }) => r.id === courseId)).toMatchObject({ progress: 58 });
    const report = await ok(t, courseStatPaging, { current: 1, size: 50, params: { courseId } } as never, admin);
    expect(report.records.find((r: { userName: string }) => r.userName === 'student')).toMatchObject({ progress: 58 });
  });

  it('a figure stored by the earlier rule is brought up to date when the course is opened', async () => {
    const [s] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'student'));
    const mineRow = and(eq(elCourseUser.userId, s.id), eq(elCourseUser.courseId, courseId));
    await t.db.update(elCourseUser).set({ progress: 0 }).where(mineRow);
    expect((await ok(t, courseLearnDetail, { id: courseId }, student)).progress).toBe(58);
    const [row] = await t.db.select({ progress: elCourseUser.progress }).from(elCourseUser).where(mineRow);
    expect(row.progress).toBe(58);
  });
});
