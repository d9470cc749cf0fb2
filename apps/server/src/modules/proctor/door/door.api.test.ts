/**
 * The door of a proctored exam against the real app, database and face engine: the notice and the
 * consent, no start without a passed door, a passed door (enrolling a learner without a face)
 * lets the start through, three failures then a request then the invigilator's admission, and the
 * refusals of the check (another learner's session, an expired session, replayed frames). The
 * frames are the sample photos of one man (system/face/face-samples.ts): frontal, then turned to
 * his own left; the deployment asks only 'turn-left' here (FACE_CHALLENGE_ACTIONS).
 */
import {
  candidateLinkSave,
  candidateOpenRegister,
  candidateSelfStart,
  ErrorCode,
  examExamCheck,
  examExamDetail,
  examProctorAdmit,
  examProctorAdmitRequest,
  examProctorChallenge,
  examProctorChallengeStep,
  examProctorConsent,
  examProctorNotice,
  PROCTOR_CHALLENGE_SECONDS,
  PROCTOR_DOOR_FAILURES,
  paperPaperCreate,
  paperPaperDetail,
  type TChallenge,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  elProctorConsent,
  elProctorDoor,
  elProctorEvent,
  sysLog,
  sysUser,
  sysUserFace,
} from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { analyseFrames, MAX_QUEUED_JOBS, stopFaceEngine } from '../../system/face/face-engine.js';
import { sampleFace } from '../../system/face/face-samples.js';
import { createAdmin } from '../../system/user/user.test-helpers.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
let lisi: string;
let wangwu: string;
let viewer: string; // may watch, may not admit
const ids: Record<string, string> = {};
let tmplId: string;

const b64 = (b: Buffer) => `data:image/jpeg;base64,${b.toString('base64')}`;
/** Each use its own JPEG quality (qualities the sample turn is measured to pass at), so no two steps send the same bytes. */
const QUALITIES = [95, 94, 93, 92, 91, 90, 88, 86, 85, 83, 82, 81, 80, 79, 76, 75, 74, 73, 72];
let q = 0;
const tile = (r: number, c: number, quality: number) => b64(sampleFace(r, c, { quality }));
function turnRight(): string[] {
  const quality = QUALITIES[q++ % QUALITIES.length];
  return [tile(0, 8, quality), tile(0, 4, quality), tile(0, 3, quality), tile(0, 7, quality), tile(0, 7, quality)];
}
const still = () => {
  const quality = QUALITIES[q++ % QUALITIES.length];
  return Array.from({ length: 5 }, () => tile(0, 8, quality));
};

const proctoredExam = (mode = 1) =>
  saveExam(t, admin, tmplId, clock.ms(), {
    openType: 3,
    userIds: [ids.student, ids.lisi, ids.wangwu],
    proctor: { mode },
    tryLimit: 0,
  });
const notice = async (token: string, examId: string) => (await t.request(examProctorNotice, { examId }, token)).data;
const consent = async (token: string, examId: string) => {
  const { version } = await notice(token, examId);
  const res = await t.request(examProctorConsent, { examId, version, agree: true }, token);
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const challenge = async (token: string, examId: string): Promise<TChallenge> => {
  const res = await t.request(examProctorChallenge, { examId }, token);
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const step = (token: string, challengeId: string, i: number, frames: string[]) =>
  t.request(examProctorChallengeStep, { challengeId, step: i, frames }, token);
const start = (token: string, examId: string) => t.request(paperPaperCreate, { examId }, token);
/** Every raw answer of the door, to look for descriptors. */
const answers: string[] = [];

/** Passes the door with fresh head turns; answers the last step's reply. */
async function passDoor(token: string, examId: string) {
  const c = await challenge(token, examId);
  let last = null;
  for (let i = 0; i < c.steps.length; i++) {
    last = await step(token, c.challengeId, i, turnRight());
    answers.push(JSON.stringify(last));
    expect(last.code, last.msg).toBe(0);
    expect(last.data, last.data.reason ?? '').toMatchObject({ passed: true, done: i === c.steps.length - 1 });
  }
  return last;
}

beforeAll(async () => {
  t = await createTestApp({ clock, config: { faceChallengeActions: ['turn-left'] } });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  lisi = await t.login('lisi', 'student123');
  wangwu = await t.login('wangwu', 'student123');
  for (const u of await t.db.select({ id: sysUser.id, userName: sysUser.userName }).from(sysUser))
    ids[u.userName] = u.id;
  viewer = (await createAdmin(t, 'doorviewer', 4, 'D001', ['exam:exam:view', 'exam:invigilate:view'])).token;
  const bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.judge, bank.fill]);
}, 180_000);
afterAll(async () => {
  await stopFaceEngine();
  await t.close();
});

describe('the proctored exam setting', () => {
  it('is saved with the exam, returned by the detail, the check and the paper detail', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { proctor: { mode: 2, retentionDays: 45 } });
    const detail = await t.request(examExamDetail, { id: examId }, admin);
    expect(detail.data.proctor).toMatchObject({
      mode: 2,
      retentionDays: 45,
      snapMinSeconds: 30,
      cameraStopBlocks: false,
    });
    const check = await t.request(examExamCheck, { id: examId }, student);
    expect(check.data.proctorMode).toBe(2);
    const plain = await saveExam(t, admin, tmplId, clock.ms(), { title: '不监考的考试' });
    expect((await t.request(examExamDetail, { id: plain }, admin)).data.proctor.mode).toBe(0);
    const paper = await start(wangwu, plain);
    expect(paper.code, paper.msg).toBe(0);
    const pd = await t.request(paperPaperDetail, { paperId: paper.data.paperId }, wangwu);
    expect(pd.data.proctorMode).toBe(0);
  });
});

describe('the door', () => {
  let examId: string;
  let firstFrames: string[];

  it('refuses a start, and a check, before the consent; the consent is to the current notice', async () => {
    examId = await proctoredExam();
    const refused = await start(student, examId);
    expect(refused).toMatchObject({ code: ErrorCode.EXAM_NOT_AVAILABLE, msg: '请先完成监考告知确认与身份核验' });
    const n = await notice(student, examId);
    expect(n).toMatchObject({ mode: 1, consented: false, enrolled: false, doorPassed: false, doorFailures: 0 });
    expect(n.viewers).toContain('监考员');
    const early = await t.request(examProctorChallenge, { examId }, student);
    expect(early).toMatchObject({ code: ErrorCode.CONFLICT, msg: '请先阅读并同意监考告知' });
    const stale = await t.request(examProctorConsent, { examId, version: 'v0-old', agree: true }, student);
    expect(stale).toMatchObject({ code: ErrorCode.CONFLICT, msg: '监考告知已更新，请重新阅读后确认' });
    const plain = await saveExam(t, admin, tmplId, clock.ms());
    const none = await t.request(examProctorConsent, { examId: plain, version: n.version, agree: true }, student);
    expect(none).toMatchObject({ code: ErrorCode.CONFLICT, msg: '本场考试未开启远程监考' });
    const agreed = await t.request(examProctorConsent, { examId, version: n.version, agree: true }, student);
    expect(agreed.data).toMatchObject({ consented: true, doorPassed: false });
    const [row] = await t.db
      .select()
      .from(elProctorConsent)
      .where(and(eq(elProctorConsent.examId, examId), eq(elProctorConsent.userId, ids.student)));
    expect(row).toMatchObject({ version: n.version });
    // consent alone opens nothing
    expect((await start(student, examId)).code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
  });

  it('another learner cannot answer my check; an expired check is refused', async () => {
    const c = await challenge(student, examId);
    const other = await step(lisi, c.challengeId, 0, turnRight());
    expect(other).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '这不是您的核验会话' });
    clock.add((PROCTOR_CHALLENGE_SECONDS + 1) * 1000);
    const late = await step(student, c.challengeId, 0, turnRight());
    expect(late).toMatchObject({ code: ErrorCode.CONFLICT, msg: '核验已超时，请重新开始' });
  }, 120_000);

  it('a passed door enrols a learner without a face and lets the start through; the answers carry no descriptor', async () => {
    const c = await challenge(student, examId);
    firstFrames = turnRight();
    for (let i = 0; i < c.steps.length; i++) {
      const r = await step(student, c.challengeId, i, i === 0 ? firstFrames : turnRight());
      answers.push(JSON.stringify(r));
      expect(r.code, r.msg).toBe(0);
      expect(r.data, r.data.reason ?? '').toMatchObject({ passed: true, done: i === c.steps.length - 1, failures: 0 });
    }
    const [door] = await t.db
      .select()
      .from(elProctorDoor)
      .where(and(eq(elProctorDoor.examId, examId), eq(elProctorDoor.userId, ids.student)));
    expect(door).toMatchObject({ enrolledHere: true, failures: 0, similarity: null });
    expect(door.passedAt).not.toBeNull();
    expect(await t.db.select().from(sysUserFace).where(eq(sysUserFace.userId, ids.student))).toHaveLength(1);
    const events = await t.db.select().from(elProctorEvent).where(eq(elProctorEvent.examId, examId));
    expect(events.map((e) => e.kind)).toEqual(['door-passed']);
    expect((await notice(student, examId)).doorPassed).toBe(true);
    const started = await start(student, examId);
    expect(started.code, started.msg).toBe(0);
    // re-entering the open paper needs no new check
    expect((await start(student, examId)).data).toMatchObject({ paperId: started.data.paperId, resumed: true });
    const pd = await t.request(paperPaperDetail, { paperId: started.data.paperId }, student);
    expect(pd.data.proctorMode).toBe(1);
  }, 240_000);

  it('compares an enrolled learner with the enrolled face at the next exam', async () => {
    const next = await proctoredExam(2);
    await consent(student, next);
    await passDoor(student, next);
    const [door] = await t.db
      .select()
      .from(elProctorDoor)
      .where(and(eq(elProctorDoor.examId, next), eq(elProctorDoor.userId, ids.student)));
    expect(door.enrolledHere).toBe(false);
    expect(door.similarity).toBeGreaterThan(0.6);
  }, 240_000);

  it('refuses replayed frames; three failures, then a request, then the invigilator admits', async () => {
    await consent(lisi, examId);
    const early = await t.request(examProctorAdmitRequest, { examId }, lisi);
    expect(early).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: `身份核验失败${PROCTOR_DOOR_FAILURES}次后才能请求监考员放行`,
    });
    // the student's recorded frames of this exam's door, sent by another learner
    const c1 = await challenge(lisi, examId);
    const replay = await step(lisi, c1.challengeId, 0, firstFrames);
    expect(replay.data).toMatchObject({
      passed: false,
      over: true,
      reason: '画面与之前的核验重复，请重新核验',
      failures: 1,
    });
    for (const n of [2, 3]) {
      const c = await challenge(lisi, examId);
      const r = await step(lisi, c.challengeId, 0, still());
      answers.push(JSON.stringify(r));
      expect(r.data).toMatchObject({ passed: false, over: true, failures: n });
      expect(r.data.reason).toContain('未检测到向左转头');
    }
    expect((await start(lisi, examId)).code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
    const asked = await t.request(examProctorAdmitRequest, { examId }, lisi);
    expect(asked.data).toMatchObject({ admitRequested: true, doorFailures: 3, doorPassed: false });

    const body = { examId, userId: ids.lisi, reason: '摄像头故障，已电话核实身份' };
    expect((await t.request(examProctorAdmit, body, viewer)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.request(examProctorAdmit, { ...body, reason: ' ' }, admin)).code).toBe(ErrorCode.BAD_PARAMS);
    const notAsked = await t.request(examProctorAdmit, { ...body, userId: ids.wangwu }, admin);
    expect(notAsked.code).toBe(ErrorCode.NOT_FOUND); // no request to admit
    const ok = await t.request(examProctorAdmit, body, admin);
    expect(ok.code, ok.msg).toBe(0);
    const [door] = await t.db
      .select()
      .from(elProctorDoor)
      .where(and(eq(elProctorDoor.examId, examId), eq(elProctorDoor.userId, ids.lisi)));
    expect(door).toMatchObject({ admittedBy: ids.admin, admitReason: body.reason, failures: 3 });
    const kinds = (
      await t.db
        .select()
        .from(elProctorEvent)
        .where(and(eq(elProctorEvent.examId, examId), eq(elProctorEvent.userId, ids.lisi)))
    ).map((e) => e.kind);
    expect(kinds.sort()).toEqual(['door-admitted', 'door-failed', 'door-failed', 'door-failed']);
    const logs = await t.db.select().from(sysLog).where(eq(sysLog.path, examProctorAdmit.path));
    const log = logs.find((l) => l.success);
    expect(log).toMatchObject({ userName: 'admin' });
    expect(JSON.stringify(log?.params)).toContain(body.reason);
    const started = await start(lisi, examId);
    expect(started.code, started.msg).toBe(0);
  }, 240_000);

  it('decides on the browser readings while the server engine is full, and says so', async () => {
    await consent(wangwu, examId);
    const c = await challenge(wangwu, examId);
    const face = Buffer.from(tile(0, 1, 70).split(',')[1], 'base64');
    // The engine is full while its first job runs (the others wait behind it): that job is long, so
    // the engine is still full when the last step comes on a loaded machine too (with 8 frames it
    // had finished by then, and the server judged the frames itself); the waiting ones are one frame.
    const jobs = Array.from({ length: MAX_QUEUED_JOBS }, (_, i) =>
      analyseFrames(Array.from({ length: i === 0 ? 24 : 1 }, () => face)),
    );
    const descriptor = Array.from({ length: 1024 }, (_, i) => ((i % 7) - 3) / 40);
    const readings = [0, -0.05, -0.1, -0.3, -0.35].map((yaw) => ({
      faces: 1,
      yaw,
      pitch: 0.1,
      eyeOpen: 0.3,
      mouthOpen: 0.02,
      size: 180,
      descriptor,
    }));
    // without readings a full engine is "busy", and no failure
    const busy = await step(wangwu, c.challengeId, 0, turnRight());
    expect(busy).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS });
    for (let i = 0; i < c.steps.length; i++) {
      const r = await t.request(
        examProctorChallengeStep,
        { challengeId: c.challengeId, step: i, frames: turnRight(), readings },
        wangwu,
      );
      answers.push(JSON.stringify(r));
      expect(r.data, r.msg).toMatchObject({ passed: true, done: i === c.steps.length - 1, failures: 0 });
    }
    await Promise.all(jobs);
    const [passed] = await t.db
      .select()
      .from(elProctorEvent)
      .where(and(eq(elProctorEvent.userId, ids.wangwu), eq(elProctorEvent.kind, 'door-passed')));
    expect(passed.detail).toContain('未经服务器复核');
  }, 120_000);

  it("a candidate of the exam's link goes through the same door and enrols there", async () => {
    const linkExam = await saveExam(t, admin, tmplId, clock.ms(), { title: '招聘笔试', proctor: { mode: 1 } });
    const saved = await t.request(
      candidateLinkSave,
      {
        examId: linkExam,
        enabled: true,
        fields: { name: 2, mobile: 2, idNumber: 0, company: 1, custom: [] },
        smsVerify: false,
        limits: { onePer: 'mobile', cap: 0, invited: [] },
        retentionDays: 30,
        consentText: '仅用于本次考试的身份核验与成绩通知',
      },
      admin,
    );
    expect(saved.code, saved.msg).toBe(0);
    const reg = await t.app.inject({
      method: 'POST',
      url: candidateOpenRegister.path,
      payload: { token: saved.data.token, name: '张三', mobile: '13900000001', consent: true },
      remoteAddress: '10.9.0.1',
    });
    expect(reg.json().code, reg.body).toBe(0);
    const candidate = reg.json().data.token as string;
    const selfStart = () => t.request(candidateSelfStart, {}, candidate);
    expect((await selfStart()).msg).toBe('请先完成监考告知确认与身份核验');
    expect((await notice(candidate, linkExam)).enrolled).toBe(false);
    await consent(candidate, linkExam);
    await passDoor(candidate, linkExam);
    const [door] = await t.db.select().from(elProctorDoor).where(eq(elProctorDoor.examId, linkExam));
    expect(door).toMatchObject({ enrolledHere: true });
    const started = await selfStart();
    expect(started.code, started.msg).toBe(0);
  }, 240_000);

  it('no answer of the learner carries a descriptor', () => {
    expect(answers.length).toBeGreaterThan(3);
    for (const a of answers) {
      expect(a).not.toContain('descriptor');
      expect(a).not.toContain('similarity');
      expect(a).not.toMatch(/(-?\d+\.\d+,){16}/);
    }
  });
});
