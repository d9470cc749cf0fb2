/**
 * Face login with the active liveness challenge, against the real app, database and models: the
 * switch, enrolment after the password, sign-in step by step, refusals (a still face, another
 * person in the middle, replayed frames, an unknown account), the lock after failed sign-ins, and
 * that only a descriptor is stored. The frames are face pictures that ship inside
 * @vladmandic/human (face-samples.ts). The deployment asks only 'turn-left' here
 * (FACE_CHALLENGE_ACTIONS), the one turn the sample photos of one man show: frontal photos (yaw
 * −0.08…−0.12) then a photo turned to his own left (yaw −0.29).
 */
import {
  ErrorCode,
  sysUserFaceEnrol,
  sysUserFaceEnrolChallenge,
  sysUserFaceLogin,
  sysUserFaceLoginChallenge,
  sysUserFaceRemove,
  sysUserFaceStatus,
  sysUserInfo,
  type TChallenge,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysAttempt, sysConfig, sysFaceChallenge, sysLog, sysUser, sysUserFace } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { analyseFrames, MAX_QUEUED_JOBS, stopFaceEngine } from './face-engine.js';
import { sampleFace } from './face-samples.js';

const b64 = (b: Buffer) => `data:image/jpeg;base64,${b.toString('base64')}`;
/** Each use gets its own JPEG quality, so that no two steps send the same bytes (replay). */
let quality = 95;
const tile = (r: number, c: number, flip = false) => b64(sampleFace(r, c, { flip, quality }));
/** vlado facing the camera, then turned to his own left (negative yaw). */
function turnRight(): string[] {
  quality -= 1;
  return [tile(0, 8), tile(0, 4), tile(0, 3), tile(0, 7), tile(0, 7)];
}
const still = () => {
  quality -= 1;
  return Array.from({ length: 5 }, () => tile(0, 8));
};
const grey = () => {
  quality -= 1;
  const data = Buffer.alloc(160 * 120 * 4, 120);
  return b64(Buffer.from(jpeg.encode({ width: 160, height: 120, data }, quality).data));
};

let t: TestApp;
let token: string;

type Step = { code: number; msg: string; data: Record<string, unknown> | null };
async function post(url: string, payload: object, ip: string): Promise<Step> {
  const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  return res.json() as Step;
}
const loginChallenge = async (userName: string, ip: string) =>
  (await post(sysUserFaceLoginChallenge.path, { userName }, ip)).data as unknown as TChallenge;
const loginStep = (challengeId: string, step: number, frames: string[], ip: string) =>
  post(sysUserFaceLogin.path, { challengeId, step, frames }, ip);

/** Answers every step of a sign-in's challenge with a fresh head turn; answers the last step's reply. */
async function signIn(userName: string, ip: string): Promise<Step> {
  const c = await loginChallenge(userName, ip);
  let last: Step | null = null;
  for (let i = 0; i < c.steps.length; i++) {
    last = await loginStep(c.challengeId, i, turnRight(), ip);
    if (last.code !== 0 || !last.data?.passed) return last;
  }
  return last as Step;
}

const setSwitch = (on: boolean) => t.db.update(sysConfig).set({ faceLogin: on });

beforeAll(async () => {
  t = await createTestApp({ config: { faceChallengeActions: ['turn-left'] } });
  token = await t.login('student', 'student123');
}, 120_000);
afterAll(async () => {
  await stopFaceEngine();
  await t.close();
});

describe('face login with the active challenge', () => {
  it('is refused while the administrator switch is off', async () => {
    await setSwitch(false);
    expect((await t.request(sysUserFaceStatus, {}, token)).data).toMatchObject({ enabled: false, enrolled: false });
    const enrol = await t.request(sysUserFaceEnrolChallenge, { password: 'student123' }, token);
    expect(enrol.code).toBe(ErrorCode.FACE_LOGIN_DISABLED);
    const login = await post(sysUserFaceLoginChallenge.path, { userName: 'student' }, '192.0.2.1');
    expect(login).toMatchObject({ code: ErrorCode.FACE_LOGIN_DISABLED, msg: '人脸登录未开启，请使用其他方式登录' });
  });

  it('enrols only after the password; a still face fails the turn step and ends the session', async () => {
    await setSwitch(true);
    const wrong = await t.request(sysUserFaceEnrolChallenge, { password: 'nope' }, token);
    expect(wrong).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '登录密码不正确' });
    const first = (await t.request(sysUserFaceEnrolChallenge, { password: 'student123' }, token)).data;
    expect(first.steps.length).toBeGreaterThanOrEqual(2);
    expect(first.steps.length).toBeLessThanOrEqual(3);
    expect(new Set(first.steps)).toEqual(new Set(['turn-left']));
    const stillStep = await t.request(
      sysUserFaceEnrol,
      { challengeId: first.challengeId, step: 0, frames: still() },
      token,
    );
    expect(stillStep.data).toMatchObject({ passed: false, over: true, done: false, status: null });
    expect(stillStep.data.reason).toContain('未检测到向左转头');
    // the failed session takes no more steps
    const again = await t.request(
      sysUserFaceEnrol,
      { challengeId: first.challengeId, step: 0, frames: turnRight() },
      token,
    );
    expect(again).toMatchObject({ code: ErrorCode.CONFLICT, msg: '本次核验已结束，请重新开始' });

    const c = (await t.request(sysUserFaceEnrolChallenge, { password: 'student123' }, token)).data;
    const outOfOrder = await t.request(
      sysUserFaceEnrol,
      { challengeId: c.challengeId, step: 1, frames: turnRight() },
      token,
    );
    expect(outOfOrder).toMatchObject({ code: ErrorCode.CONFLICT, msg: '请按顺序完成动作' });
    for (let i = 0; i < c.steps.length; i++) {
      const r = await t.request(sysUserFaceEnrol, { challengeId: c.challengeId, step: i, frames: turnRight() }, token);
      expect(r.code, r.msg).toBe(0);
      const last = i === c.steps.length - 1;
      expect(r.data).toMatchObject({ passed: true, done: last, over: false, nextStep: last ? null : i + 1 });
      if (last) expect(r.data.status).toMatchObject({ enabled: true, enrolled: true });
      else expect(r.data.status).toBeNull();
    }
    const [session] = await t.db.select().from(sysFaceChallenge).where(eq(sysFaceChallenge.id, c.challengeId));
    // the session's descriptors are dropped when it ends; the digests stay (replay)
    expect(session).toMatchObject({ state: 1, passedSteps: c.steps.length, descriptors: [] });
    expect(session.frameDigests).toHaveLength(5 * c.steps.length);
  }, 240_000);

  it('stores a descriptor only: no frame, no picture', async () => {
    const [student] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'student'));
    const rows = await t.db.select().from(sysUserFace);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(Object.keys(row).sort()).toEqual(['createdAt', 'descriptor', 'model', 'updatedAt', 'userId']);
    expect(row.userId).toBe(student.id);
    expect(row.model).toMatch(/^human-3\.3.*faceres$/);
    expect(row.descriptor).toHaveLength(1024);
    expect(JSON.stringify(row).length).toBeLessThan(20_000);
  });

  it('signs in step by step and answers a token only on the last step', async () => {
    const ip = '192.0.2.2';
    const c = await loginChallenge('student', ip);
    for (let i = 0; i < c.steps.length; i++) {
      const r = await loginStep(c.challengeId, i, turnRight(), ip);
      expect(r.code, r.msg).toBe(0);
      const last = i === c.steps.length - 1;
      expect(r.data).toMatchObject({ passed: true, done: last });
      if (!last) expect(r.data?.login).toBeNull();
      else {
        const login = r.data?.login as { token: string };
        const info = await t.request(sysUserInfo, {}, login.token);
        expect(info.data.userName).toBe('student');
      }
    }
    const [log] = await t.db.select().from(sysLog).where(eq(sysLog.path, sysUserFaceLogin.path));
    expect(log).toMatchObject({ success: true, userName: 'student' });
  }, 240_000);

  it('refuses replayed frames, another person in the middle, and an unknown account with the same answer', async () => {
    const ip = '192.0.2.3';
    const frames = turnRight();
    const first = await loginChallenge('student', ip);
    expect((await loginStep(first.challengeId, 0, frames, ip)).data).toMatchObject({ passed: true });
    const replay = await loginChallenge('student', ip);
    const replayed = await loginStep(replay.challengeId, 0, frames, ip);
    expect(replayed.data).toMatchObject({ passed: false, over: true, reason: '画面与之前的核验重复，请重新核验' });

    const swap = await loginChallenge('student', ip);
    const mixed = turnRight();
    mixed[2] = tile(2, 1, true);
    const swapped = await loginStep(swap.challengeId, 0, mixed, ip);
    expect(swapped.data).toMatchObject({ passed: false, over: true });
    expect(swapped.data?.reason).toContain('人脸不一致');

    // any user name gets a challenge; the right face of another account is no match
    const unknown = await signIn('nobody-here', '192.0.2.7');
    expect(unknown).toMatchObject({ code: ErrorCode.FACE_NOT_MATCHED, msg: '人脸识别未通过，请重试或使用密码登录' });
  }, 300_000);

  it('locks the account on this address after five failed face sign-ins, like passwords', async () => {
    const ip = '192.0.2.4';
    const answers: Step[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await loginChallenge('student', ip);
      answers.push(await loginStep(c.challengeId, 0, Array.from({ length: 5 }, grey), ip));
    }
    expect(answers.slice(0, 4).every((a) => a.code === 0 && a.data?.passed === false)).toBe(true);
    expect(answers[0].data?.reason).toContain('未检测到人脸');
    expect(answers[4]).toMatchObject({
      code: ErrorCode.ACCOUNT_LOCKED,
      msg: '登录失败次数过多，已暂时锁定，请15分钟后再试',
    });
    const right = await signIn('student', ip);
    expect(right.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: { userName: 'student', password: 'student123' },
      remoteAddress: ip,
    });
    expect(res.json().code).toBe(ErrorCode.ACCOUNT_LOCKED);
  }, 300_000);

  it('refuses frames that are no JPEG before any analysis, and a full queue at once', async () => {
    const c = await loginChallenge('student', '192.0.2.5');
    const bad = await loginStep(
      c.challengeId,
      0,
      Array.from({ length: 5 }, () => 'aGVsbG8gd29ybGQ='),
      '192.0.2.5',
    );
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    const frame = Buffer.from(grey().split(',')[1], 'base64');
    // The queue is full while its first job runs: that one is long (64 frames), and the second
    // challenge is made before the queue is filled (with a short first job the warm engine emptied
    // a place before the step's own reads were done); the jobs waiting behind it are one frame.
    const c2 = await loginChallenge('student', '192.0.2.6');
    const jobs = Array.from({ length: MAX_QUEUED_JOBS + 1 }, (_, i) =>
      analyseFrames(Array.from({ length: i === 0 ? 64 : 1 }, () => frame)).then(
        () => 'done',
        (e) => e,
      ),
    );
    // a face sign-in meeting the full queue is refused at once and is no failed attempt
    const busy = await loginStep(c2.challengeId, 0, Array.from({ length: 5 }, grey), '192.0.2.6');
    expect(busy).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, msg: '人脸识别请求较多，请稍后再试' });
    expect(await t.db.select().from(sysAttempt).where(eq(sysAttempt.key, 'student|192.0.2.6'))).toHaveLength(0);
    const results = await Promise.all(jobs);
    expect(results.filter((r) => r === 'done')).toHaveLength(MAX_QUEUED_JOBS);
    expect(results.find((r) => r !== 'done')).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS });
  }, 180_000);

  it('removes the enrolled face', async () => {
    const res = await t.request(sysUserFaceRemove, {}, token);
    expect(res.data).toMatchObject({ enrolled: false });
    expect(await t.db.select().from(sysUserFace)).toHaveLength(0);
  });
});
