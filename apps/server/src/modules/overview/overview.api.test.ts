/**
 * The training manager's home: papers waiting to be marked by exam, today's exams with their
 * sittings, exams ended with learners who never sat them, course completion, certificates and
 * the set-up list; each part only with its permission, people only inside the viewer's scope.
 */
import { DataScope, dashboardTrainingOverview } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { newLearner, sit } from '../sitting/regrade/regrade-fixtures.js';
import { createAdmin } from '../system/user/user.test-helpers.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;
let examId: string;
let endedId: string;
const HOME = ['dashboard-root', 'dashboard', 'sys:dashboard:view'];

const overview = async (token: string) => {
  const res = await t.request(dashboardTrainingOverview, {}, token);
  expect(res.code, res.msg).toBe(0);
  return res.data;
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.short]);
  examId = await saveExam(t, admin, tmplId, clock.ms(), { title: '待阅卷的考试', passScore: 15 });
  endedId = await saveExam(t, admin, tmplId, clock.ms(), {
    title: '已结束的考试',
    passScore: 15,
    startTime: new Date(clock.ms() - 5 * 86400_000).toISOString(),
    endTime: new Date(clock.ms() - 2 * 86400_000).toISOString(),
  });
  for (const k of ['a', 'b']) {
    const learner = await newLearner(t, admin, `ov_${k}`, `概况${k}`);
    await sit(t, learner.token, examId, { [bank.single]: 'B', [bank.short]: '事务是原子的' });
  }
}, 180_000);
afterAll(() => t.close());

describe('the training manager’s home', () => {
  it('lists the papers waiting to be marked by exam and today’s exams with their sittings', async () => {
    const d = await overview(admin);
    expect(d.marking).toEqual({ papers: 2, exams: [{ examId, title: '待阅卷的考试', papers: 2 }] });
    expect(d.examsToday).toEqual(
      expect.arrayContaining([expect.objectContaining({ examId, handed: 2, learners: 2, sitting: 0 })]),
    );
    expect(d.examsToday?.some((e) => e.examId === endedId)).toBe(false);
  });

  it('names an ended exam with the learners of its audience who never sat it', async () => {
    const d = await overview(admin);
    const ended = d.overdue?.find((o) => o.id === endedId);
    expect(ended).toMatchObject({ kind: 'exam', title: '已结束的考试' });
    expect(ended?.learners).toBeGreaterThanOrEqual(2);
  });

  it('lists what is not set up, with where it is done', async () => {
    const d = await overview(admin);
    expect(d.setup?.map((s) => [s.key, s.done, s.path])).toEqual([
      ['live', false, '/admin/live/index'],
      ['assistant', false, '/admin/sys/assistant'],
      ['sms', false, '/admin/sys/config'],
      ['storage', false, '/admin/sys/config'],
    ]);
    process.env.LIVE_RTMP_URL = 'rtmp://live.example.com/live';
    process.env.LIVE_HLS_URL = 'https://live.example.com/hls';
    try {
      expect((await overview(admin)).setup?.find((s) => s.key === 'live')?.done).toBe(true);
    } finally {
      delete process.env.LIVE_RTMP_URL;
      delete process.env.LIVE_HLS_URL;
    }
    expect(d.certs).toEqual({ total: 0, last30: 0 });
    expect(Array.isArray(d.courses)).toBe(true);
  });

  it('shows a part only with its permission and people only inside the viewer’s scope', async () => {
    const marker = await createAdmin(t, 'ov_marker', DataScope.ALL, 'D001', [
      ...HOME,
      'exam',
      'exam-mark',
      'exam:mark:view',
    ]);
    const m = await overview(marker.token);
    expect(m.marking?.papers).toBe(2);
    expect([m.examsToday, m.courses, m.certs, m.overdue, m.setup]).toEqual([null, null, null, null, null]);
    const other = await createAdmin(t, 'ov_other', DataScope.DEPT_AND_BELOW, 'D001D002', [
      ...HOME,
      'exam',
      'exam-mark',
      'exam:mark:view',
      'exam:exam:view',
    ]);
    const o = await overview(other.token);
    expect(o.marking).toEqual({ papers: 0, exams: [] });
    expect(o.examsToday?.find((e) => e.examId === examId)).toMatchObject({ handed: 0, learners: 0 });
  });

  it('refuses a learner', async () => {
    const learner = await t.login('student', 'student123');
    expect((await t.request(dashboardTrainingOverview, {}, learner)).code).toBe(10010004);
  });
});
