/**
 * The focus-mode setting: a full-screen exam that refuses focus mode refuses to create
 * a paper for a client declaring it cannot go full screen; the default lets such devices sit it.
 * The server relies on the client's declaration (`canFullScreen`), so an undeclared create passes.
 */
import {
  ErrorCode,
  examExamCheck,
  examExamDetail,
  FOCUS_MODE_REFUSED,
  paperPaperCreate,
  paperPaperDetail,
  paperPaperHand,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaper } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { userId } from '../system/user/user.test-helpers.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
let bank: Bank;
let tmplId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.judge], 20);
});
afterAll(async () => t.close());

const papersOf = async (examId: string) =>
  t.db
    .select({ id: elPaper.id })
    .from(elPaper)
    .where(and(eq(elPaper.examId, examId), eq(elPaper.userId, await userId(t, 'student'))));

async function handAll(examId: string) {
  for (const p of await papersOf(examId)) await t.request(paperPaperHand, { paperId: p.id }, student);
}

describe('an exam that refuses focus mode', () => {
  let strict: string;
  beforeAll(async () => {
    strict = await saveExam(t, admin, tmplId, clock.ms(), {
      title: '严格全屏考试',
      fullScreen: true,
      allowFocusMode: false,
      password: 'p1',
      openType: 9,
    });
  });

  it('keeps the setting: the admin detail, the check page and the room read it', async () => {
    expect((await t.request(examExamDetail, { id: strict }, admin)).data).toMatchObject({
      fullScreen: true,
      allowFocusMode: false,
      showRank: false,
    });
    expect((await t.request(examExamCheck, { id: strict }, student)).data).toMatchObject({
      fullScreen: true,
      allowFocusMode: false,
      canStart: true,
    });
  });

  it('refuses a device declaring no full screen with 20010001 and a Chinese message, writing nothing', async () => {
    const res = await t.request(paperPaperCreate, { examId: strict, password: 'p1', canFullScreen: false }, student);
    expect(res.code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
    expect(res.msg).toBe(FOCUS_MODE_REFUSED);
    expect(await papersOf(strict)).toEqual([]);
  });

  it('refuses it before the password: a wrong password is not counted against the device', async () => {
    const res = await t.request(paperPaperCreate, { examId: strict, password: 'wrong', canFullScreen: false }, student);
    expect(res.msg).toBe(FOCUS_MODE_REFUSED);
  });

  it('lets a device with full screen in, and an undeclared client (the server trusts the declaration only)', async () => {
    const full = await t.request(paperPaperCreate, { examId: strict, password: 'p1', canFullScreen: true }, student);
    expect(full.code, full.msg).toBe(0);
    const detail = await t.request(paperPaperDetail, { paperId: full.data.paperId }, student);
    expect(detail.data).toMatchObject({ fullScreen: true, allowFocusMode: false });
    await handAll(strict);
    const undeclared = await t.request(paperPaperCreate, { examId: strict, password: 'p1' }, student);
    expect(undeclared.code, undeclared.msg).toBe(0);
    await handAll(strict);
  });
});

describe('the default', () => {
  it('allows focus mode: a device without full screen sits a full-screen exam as before', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { title: '全屏考试', fullScreen: true });
    expect((await t.request(examExamDetail, { id: examId }, admin)).data.allowFocusMode).toBe(true);
    const res = await t.request(paperPaperCreate, { examId, canFullScreen: false }, student);
    expect(res.code, res.msg).toBe(0);
    expect((await t.request(paperPaperDetail, { paperId: res.data.paperId }, student)).data.allowFocusMode).toBe(true);
    await handAll(examId);
  });

  it('does not refuse an exam without full screen even when focus mode is off', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { title: '普通考试', allowFocusMode: false });
    const res = await t.request(paperPaperCreate, { examId, canFullScreen: false }, student);
    expect(res.code, res.msg).toBe(0);
    await handAll(examId);
  });
});
