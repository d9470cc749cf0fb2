/** Courses end to end on the real app: access, bad input, audience refusal, Range serving, honest heartbeats, completion and linked exams. */
import {
  type BodyIn,
  certTmplSave,
  courseCategoryDelete,
  courseCategorySave,
  courseChapterDelete,
  courseChapterSave,
  courseCourseDelete,
  courseCourseDetail,
  courseCoursePaging,
  courseCoursePublish,
  courseCourseSave,
  courseFileDelete,
  courseFileSave,
  courseLearnDetail,
  courseLearnFileProgress,
  courseLearnHeartbeat,
  courseLearnMyPaging,
  courseLearnMyStudy,
  courseStatExport,
  courseStatPaging,
  courseStatSummary,
  DataScope,
  ErrorCode,
  examExamCheck,
  examExamOnlinePaging,
  paperPaperCreate,
} from '@exam/contracts';
import { and, count, eq, inArray, isNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCert, elCourseDay, elCourseFile, elCourseUser, elExam, sysUser } from '../../db/schema/index.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { deptAndBelowIds } from '../system/data-scope.js';
import { createAdmin } from '../system/user/user.test-helpers.js';
import { makeCourse, ok, pdfOfPages, TINY_PDF, testVideo, upload } from './course-test-kit.js';

let t: TestApp;
let now = new Date(); // the seeded exams are open from start-up on
let admin: string;
let student: string;
let wangwu: string;
let studentId: string;
let ids: Awaited<ReturnType<typeof makeCourse>>;
let examId: string;
const tick = (s: number) => {
  now = new Date(now.getTime() + s * 1000);
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  wangwu = await t.login('wangwu', 'student123');
  const [s] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'student'));
  studentId = s.id;
  const [exam] = await t.db.select({ id: elExam.id }).from(elExam).where(eq(elExam.title, '年度综合知识考试'));
  examId = exam.id;
  ids = await makeCourse(t, admin, { openType: 3, userIds: [s.id], examIds: [examId], hours: 2 });
  const rule = {
    title: '结业证书',
    orientation: 'portrait' as const,
    prefix: 'EDU',
    validMonths: 0,
    fields: CERT_FIELDS,
  };
  await ok(t, certTmplSave, { ...rule, rules: [{ kind: 'course', refId: ids.courseId }] }, admin);
}, 60_000);
afterAll(async () => t.close());

const CERT_FIELDS: BodyIn<typeof certTmplSave>['fields'] = [
  { kind: 'realName', x: 0.1, y: 0.3, width: 0.8, fontSize: 36, color: '#222222', align: 'center' },
  { kind: 'achievement', x: 0.1, y: 0.45, width: 0.8, fontSize: 18, color: '#333333', align: 'center' },
];
const ADMIN = [
  courseCategorySave,
  courseCategoryDelete,
  courseCoursePaging,
  courseCourseDetail,
  courseCourseSave,
  courseCoursePublish,
  courseCourseDelete,
  courseChapterSave,
  courseChapterDelete,
  courseFileSave,
  courseFileDelete,
].map((ep) => ep.path);
const LEARN = [courseLearnMyPaging, courseLearnDetail, courseLearnHeartbeat, courseLearnFileProgress].map(
  (ep) => ep.path,
);
const lockOf = async (token: string) => {
  const list = await ok(t, examExamOnlinePaging, { current: 1, size: 50, params: {} }, token);
  return list.records.find((r: { id: string }) => r.id === examId)?.lockedReason ?? null;
};
const beat = (body: Record<string, unknown>, token = student) =>
  t.call(courseLearnHeartbeat.path, { fileId: ids.videoId, playing: true, visible: true, rate: 1, ...body }, token);
/** The player fetching a file's content (the heartbeat credits nothing before it). */
const fetchContent = async (fileId: string, token = student) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/course/file/content/${fileId}`, headers: { token } });
  expect(res.statusCode).toBe(200);
};

describe('course access and input', () => {
  it('refuses without a token, refuses learners on admin paths, documents every path', async () => {
    for (const p of [...ADMIN, ...LEARN]) expect((await t.call(p, {})).code, p).toBe(ErrorCode.NOT_LOGIN);
    for (const p of ADMIN)
      expect((await t.call(p, { id: 'x', ids: ['x'] }, student)).code, p).toBe(ErrorCode.NO_PERMISSION);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [...ADMIN, ...LEARN]) expect(doc.paths, p).toHaveProperty([p]);
  });

  it('names the field of bad input', async () => {
    const noTitle = await t.call(courseCourseSave.path, { openType: 1 }, admin);
    expect(noTitle).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: expect.stringContaining('课程名称') });
    const noDept = await t.call(courseCourseSave.path, { title: 'a', openType: 2 }, admin);
    expect(noDept.msg).toContain('指定部门');
    const badExam = await t.call(courseCourseSave.path, { title: 'a', openType: 1, examIds: ['nope'] }, admin);
    expect(badExam).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: expect.stringContaining('关联考试') });
    const badRange = await beat({ ranges: [[0, 'x']] });
    expect(badRange).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: expect.stringContaining('播放区间') });
    const emptyPublish = (await ok(t, courseCourseSave, { title: '空课程', openType: 1 }, admin)) as {
      id: string;
    };
    expect(await t.call(courseCoursePublish.path, { id: emptyPublish.id, state: 1 }, admin)).toMatchObject({
      code: ErrorCode.BAD_PARAMS,
      msg: expect.stringContaining('请先添加课件'),
    });
  });

  it('takes an introduction larger than the default body limit (course save allows 1 MB)', async () => {
    const content = '中'.repeat(100_000); // 300 KB of UTF-8, over the 256 KB default
    const saved = await t.request(courseCourseSave, { title: '长介绍课程', openType: 1, content }, admin);
    expect(saved).toMatchObject({ code: 0 });
    expect((await ok(t, courseCourseDetail, { id: saved.data.id }, admin)).content).toHaveLength(100_000);
  });

  it('reads the video duration on the server', async () => {
    const d = await ok(t, courseCourseDetail, { id: ids.courseId }, admin);
    const video = d.chapters[0].files.find((f) => f.id === ids.videoId);
    expect(video?.kind).toBe('video');
    expect(video?.duration).toBeGreaterThan(29);
    expect(video?.duration).toBeLessThan(31);
  });
});

describe('audience', () => {
  it('a learner outside the audience is refused the course, its heartbeat and its bytes', async () => {
    const mine = await ok(t, courseLearnMyPaging, { current: 1, size: 10, params: {} }, wangwu);
    expect(mine.records.map((r: { id: string }) => r.id)).not.toContain(ids.courseId);
    for (const [p, body] of [
      [courseLearnDetail.path, { id: ids.courseId }],
      [courseLearnFileProgress.path, { id: ids.videoId }],
      [courseLearnHeartbeat.path, { fileId: ids.videoId }],
    ] as const)
      expect(await t.call(p, body, wangwu), p).toMatchObject({
        code: ErrorCode.NOT_FOUND,
        msg: expect.stringContaining('不在该课程的学习范围内'),
      });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/course/file/content/${ids.videoId}`,
      headers: { token: wangwu },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toContain('不在该课程的学习范围内');
    const anon = await t.app.inject({ method: 'GET', url: `/api/course/file/content/${ids.videoId}` });
    expect(anon.statusCode).toBe(401);
  });

  it('serves the video to the learner with Range (206) and its content type', async () => {
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/course/file/content/${ids.videoId}`,
      headers: { cookie: `token=${student}`, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.rawPayload.length).toBe(100);
    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/course/file/content/${ids.videoId}`,
      headers: { token: student },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
  });
});

describe('honest progress, completion and the linked exam', () => {
  it('credits only the wall clock: forged ranges, replays and paused beats earn nothing extra', async () => {
    await fetchContent(ids.videoId);
    expect((await beat({ ranges: [] })).data.percent).toBe(0); // starts the clock
    tick(10);
    const forged = await beat({ ranges: [[0, 30]], position: 30 });
    expect(forged.data.percent).toBe(33); // 10 s of 30
    expect(forged.data.allowedUntil).toBe(15);
    const replay = await beat({ ranges: [[0, 30]], position: 30 });
    expect(replay.data.percent).toBe(33);
    tick(10);
    const paused = await beat({ ranges: [[10, 20]], playing: false });
    expect(paused.data.percent).toBe(33);
    const detail = await ok(t, courseLearnDetail, { id: ids.courseId }, student);
    expect(detail.exams).toEqual([{ id: examId, title: '年度综合知识考试', unlocked: false }]);
    // The linked exam is locked in /web/index, on the check page and when starting a paper.
    expect(await lockOf(student)).toBe('请先完成课程《安全生产培训》');
    const check = await ok(t, examExamCheck, { id: examId }, student);
    expect(check).toMatchObject({ canStart: false, reason: '请先完成课程《安全生产培训》' });
    const create = await t.call(paperPaperCreate.path, { examId }, student);
    expect(create).toMatchObject({ code: ErrorCode.EXAM_NOT_AVAILABLE, msg: '请先完成课程《安全生产培训》' });
    // Someone outside the course's audience is not held by it.
    expect(await lockOf(wangwu)).toBeNull();
  });

  it('completes the video, then the PDF, stores completion once and publishes course.completed once', async () => {
    for (const r of [
      [10, 20],
      [20, 30],
    ]) {
      tick(10);
      await beat({ ranges: [r], position: r[1] });
    }
    const p = await ok(t, courseLearnFileProgress, { id: ids.videoId }, student);
    expect(p).toMatchObject({ done: true, percent: 100 });
    const pdfBeat = (page: number) => beat({ fileId: ids.pdfId, page, pages: 1, playing: false });
    await fetchContent(ids.pdfId);
    await pdfBeat(1);
    tick(3);
    expect((await pdfBeat(1)).data).toMatchObject({ done: false, courseCompleted: false }); // 3 s < 5 s minimum
    tick(3);
    expect((await pdfBeat(1)).data).toMatchObject({ done: true, courseCompleted: true, courseProgress: 100 });
    tick(3);
    await pdfBeat(1);
    // A certificate rule on the course (the consumer of course.completed) issues exactly one certificate.
    await drainEvents(t);
    const certs = await t.db.select().from(elCert).where(eq(elCert.refId, ids.courseId));
    expect(certs).toHaveLength(1);
    expect(certs[0].achievement).toContain('安全生产培训');
    const detail = await ok(t, courseLearnDetail, { id: ids.courseId }, student);
    expect(detail.completedAt).not.toBeNull();
    expect(detail.exams[0].unlocked).toBe(true);
    expect(await lockOf(student)).toBeNull();
    expect(await ok(t, examExamCheck, { id: examId }, student)).toMatchObject({ canStart: true });
    const mine = await ok(t, courseLearnMyPaging, { current: 1, size: 10, params: { status: 2 } }, student);
    expect(mine.records.map((r: { id: string }) => r.id)).toContain(ids.courseId);
    expect(mine.yearHours).toBe(2);
  });

  it('reports the audience progress, the completion rate and an xlsx export', async () => {
    const body = { courseId: ids.courseId };
    const list = await ok(t, courseStatPaging, { current: 1, size: 10, params: body }, admin);
    expect(list.total).toBe(1); // the audience is one named learner
    expect(list.records[0]).toMatchObject({ userName: 'student', progress: 100, completedAt: expect.any(String) });
    expect(list.records[0].studySeconds).toBeGreaterThan(0);
    const summary = await ok(t, courseStatSummary, body, admin);
    expect(summary).toMatchObject({ audience: 1, completed: 1, rate: 100 });
    const file = await t.app.inject({
      method: 'POST',
      url: courseStatExport.path,
      payload: body,
      headers: { token: admin },
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await t.call(courseStatPaging.path, { current: 1, size: 10, params: body }, student)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
  });
});

describe('the page count of a document is read on the server', () => {
  let pdfId: string;
  let chapterId: string;
  let courseId: string;

  it("stores a PDF's real page count at upload and refuses a PDF it cannot read", async () => {
    courseId = (await ok(t, courseCourseSave, { title: '三页手册课程', openType: 1 }, admin)).id;
    chapterId = (await ok(t, courseChapterSave, { courseId, title: '第一章' }, admin)).id;
    const pdf = await upload(t, 'three.pdf', await pdfOfPages(3), admin, { purpose: 'course', audience: 'private' });
    pdfId = (await ok(t, courseFileSave, { chapterId, fileId: pdf.data.id, title: '三页手册' }, admin)).id;
    await ok(t, courseCoursePublish, { id: courseId, state: 1 }, admin);
    const [row] = await t.db.select({ pages: elCourseFile.pages }).from(elCourseFile).where(eq(elCourseFile.id, pdfId));
    expect(row.pages).toBe(3);
    const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 7)]);
    const bad = await upload(t, 'broken.pdf', broken, admin, { purpose: 'course', audience: 'private' });
    expect(bad).toMatchObject({ code: 0 });
    const refused = await t.request(courseFileSave, { chapterId, fileId: bad.data.id, title: '坏文件' }, admin);
    expect(refused).toMatchObject({
      code: ErrorCode.BAD_PARAMS,
      msg: '文件：无法读取 PDF 页数，文件可能已损坏或已加密',
    });
  });

  it('a viewer claiming fewer pages does not finish the document; reading to the last page does', async () => {
    const read = (page: number, pages: number) => beat({ fileId: pdfId, page, pages, playing: false });
    await fetchContent(pdfId);
    await read(1, 1);
    tick(5);
    expect((await read(1, 1)).data).toMatchObject({ done: false, percent: 33 });
    tick(5);
    await read(2, 1);
    tick(5);
    expect((await read(3, 1)).data).toMatchObject({ done: true, percent: 100 });
  });

  it('two tabs beating at the same moment are credited the wall clock once', async () => {
    const video = await upload(t, 'tabs.mp4', testVideo(), admin, { purpose: 'course', audience: 'private' });
    const fileId = (await ok(t, courseFileSave, { chapterId, fileId: video.data.id, title: '双开视频' }, admin)).id;
    await fetchContent(fileId);
    await beat({ fileId, ranges: [] });
    tick(10);
    const both = await Promise.all([0, 1].map(() => beat({ fileId, ranges: [[0, 30]], position: 30 })));
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    expect((await ok(t, courseLearnFileProgress, { id: fileId }, student)).percent).toBe(33); // 10 s of 30
    const [row] = await t.db
      .select({ s: elCourseUser.studySeconds })
      .from(elCourseUser)
      .where(and(eq(elCourseUser.courseId, courseId), eq(elCourseUser.userId, studentId)));
    expect(row.s).toBeCloseTo(10 + 15, 0); // 10 s of this video, 15 s of the PDF before
  });

  it('an administrator sees the progress of the learners in their data scope only', async () => {
    const scoped = await createAdmin(t, 'course_tech', DataScope.DEPT_AND_BELOW, 'D001D001', ['course:stat:view']);
    const body = { courseId };
    const all = await ok(t, courseStatSummary, body, admin);
    const mine = await ok(t, courseStatSummary, body, scoped.token);
    const [tech] = await t.db
      .select({ n: count() })
      .from(sysUser)
      .where(and(isNull(sysUser.deletedAt), inArray(sysUser.deptId, deptAndBelowIds('D001D001'))));
    expect(mine.audience).toBe(tech.n);
    expect(mine.audience).toBeLessThan(all.audience);
    const list = await ok(t, courseStatPaging, { current: 1, size: 100, params: body }, scoped.token);
    expect(list.total).toBe(tech.n);
    expect(list.records.map((r) => r.userName)).toContain('student');
    expect(list.records.map((r) => r.userName)).not.toContain('lisi'); // 市场部
  });

  it("学习记录: the learner's study time in total, this year, per day (site time zone) and per course", async () => {
    expect((await t.call(courseLearnMyStudy.path, {})).code).toBe(ErrorCode.NOT_LOGIN);
    const study = await ok(t, courseLearnMyStudy, {}, student);
    const mine = await t.db
      .select({ s: elCourseUser.studySeconds, done: elCourseUser.completedAt })
      .from(elCourseUser)
      .where(eq(elCourseUser.userId, studentId));
    expect(study.totalSeconds).toBe(Math.round(mine.reduce((n, r) => n + r.s, 0)));
    expect(study.courses).toBe(mine.length);
    expect(study.completed).toBe(mine.filter((r) => r.done).length);
    expect(study.yearHours).toBe(2); // 安全生产培训, completed this year
    expect(study.days).toHaveLength(14);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);
    expect(study.days.at(-1)).toEqual({ day: today, seconds: study.yearSeconds });
    expect(study.yearSeconds).toBe(study.totalSeconds); // every beat of this file fell on the test clock's day
    expect(study.recent.map((c) => c.title)).toEqual(expect.arrayContaining(['安全生产培训', '三页手册课程']));
    // Another learner sees only their own.
    expect((await ok(t, courseLearnMyStudy, {}, wangwu)).totalSeconds).toBe(0);
  });
});

describe('study time: one wall clock per learner, credit only for fetched content', () => {
  let courseId: string;
  let wangwuId: string;
  const pdfIds: string[] = [];
  const read = (fileId: string) => beat({ fileId, page: 1, pages: 1, playing: false }, wangwu);
  const credited = async () => {
    const [row] = await t.db
      .select({ s: elCourseUser.studySeconds, done: elCourseUser.completedAt })
      .from(elCourseUser)
      .where(and(eq(elCourseUser.courseId, courseId), eq(elCourseUser.userId, wangwuId)));
    const [day] = await t.db
      .select({ s: sum(elCourseDay.seconds).mapWith(Number) })
      .from(elCourseDay)
      .where(and(eq(elCourseDay.courseId, courseId), eq(elCourseDay.userId, wangwuId)));
    return { seconds: row?.s ?? 0, daySeconds: day.s ?? 0, completed: row?.done ?? null };
  };
  const certsOf = async () =>
    t.db
      .select()
      .from(elCert)
      .where(and(eq(elCert.refId, courseId), eq(elCert.userId, wangwuId)));

  beforeAll(async () => {
    const [w] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'wangwu'));
    wangwuId = w.id;
    courseId = (await ok(t, courseCourseSave, { title: '三份手册课程', openType: 3, userIds: [w.id], hours: 2 }, admin))
      .id;
    const chapterId = (await ok(t, courseChapterSave, { courseId, title: '第一章' }, admin)).id;
    for (const n of [1, 2, 3]) {
      const pdf = await upload(t, `manual-${n}.pdf`, TINY_PDF, admin, { purpose: 'course', audience: 'private' });
      const body = { chapterId, fileId: pdf.data.id, title: `手册${n}`, sort: n, minReadSeconds: 60 };
      pdfIds.push((await ok(t, courseFileSave, body, admin)).id);
    }
    await ok(t, courseCoursePublish, { id: courseId, state: 1 }, admin);
    const rule = { title: '手册证书', orientation: 'portrait' as const, prefix: 'MAN', validMonths: 0 };
    await ok(t, certTmplSave, { ...rule, fields: CERT_FIELDS, rules: [{ kind: 'course', refId: courseId }] }, admin);
  }, 60_000);

  it('a heartbeat for a file never fetched earns nothing and says so', async () => {
    const first = await read(pdfIds[0]);
    expect(first).toMatchObject({ code: 0, data: { opened: false, notice: expect.stringContaining('请先打开课件') } });
    tick(10);
    const second = await read(pdfIds[0]);
    expect(second.data).toMatchObject({ opened: false, studySeconds: 0, percent: 0, done: false });
    expect((await credited()).seconds).toBe(0);
  });

  it('three PDFs heartbeated in parallel for 62 s are credited 62 s at most, complete nothing, issue no certificate', async () => {
    for (const id of pdfIds) await fetchContent(id, wangwu);
    const all = () => Promise.all(pdfIds.map((id) => read(id)));
    const started = await all(); // starts each file's clock
    expect(started.map((r) => r.data.opened)).toEqual([true, true, true]);
    for (const step of [10, 10, 10, 10, 10, 10, 2]) {
      tick(step);
      await all();
    }
    const c = await credited();
    expect(c.seconds).toBeGreaterThan(0);
    expect(c.seconds).toBeLessThanOrEqual(62 + 1e-6); // not 186 (3 × 62), not 216
    expect(c.daySeconds).toBeLessThanOrEqual(62 + 1e-6);
    expect(c.completed).toBeNull();
    const files = await Promise.all(pdfIds.map((id) => ok(t, courseLearnFileProgress, { id }, wangwu)));
    expect(files.reduce((n, f) => n + f.studySeconds, 0)).toBeLessThanOrEqual(62 + 1e-6);
    expect(files.filter((f) => f.done).length).toBeLessThan(3);
    await drainEvents(t);
    expect(await certsOf()).toHaveLength(0);
    const mine = await ok(t, courseLearnMyPaging, { current: 1, size: 10, params: {} }, wangwu);
    expect(mine.yearHours).toBe(0);
  });

  it('reading the files one after another completes the course after 180 s of study, with one certificate', async () => {
    for (const id of pdfIds) {
      tick(10);
      await read(id); // the file's own clock was left running: at most 10 s from its last beat
      for (let i = 0; i < 6; i++) {
        tick(10);
        await read(id);
      }
    }
    const c = await credited();
    expect(c.completed).not.toBeNull();
    expect(c.seconds).toBeGreaterThanOrEqual(180);
    await drainEvents(t);
    expect(await certsOf()).toHaveLength(1);
  });

  it("a video's watched share is capped at the share of its bytes served", async () => {
    const chapterId = (await ok(t, courseChapterSave, { courseId, title: '第二章' }, admin)).id;
    const video = await upload(t, 'part.mp4', testVideo(), admin, { purpose: 'course', audience: 'private' });
    const fileId = (await ok(t, courseFileSave, { chapterId, fileId: video.data.id, title: '分段视频' }, admin)).id;
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/course/file/content/${fileId}`,
      headers: { token: wangwu, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    const play = (r: [number, number]) => beat({ fileId, ranges: [r], position: r[1] }, wangwu);
    await beat({ fileId, ranges: [] }, wangwu);
    tick(10);
    expect((await play([0, 10])).data.percent).toBeLessThan(33); // 100 bytes of the video: ~5 s, not 10 s
    await fetchContent(fileId, wangwu);
    tick(10);
    expect((await play([0, 20])).data.percent).toBeGreaterThanOrEqual(33);
  });
});
