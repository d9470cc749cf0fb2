/**
 * Face login against the real app, database and models: the switch, enrolment after
 * the password, sign-in with a live sequence, refusals (another face, one repeated frame), the lock
 * after failed attempts, and that only a descriptor is stored. The frames are face pictures that ship
 * inside @vladmandic/human (face-samples.ts): a head turn is two photos of one man and their mirror
 * images.
 */
import {
  ErrorCode,
  sysUserFaceEnrol,
  sysUserFaceLogin,
  sysUserFaceRemove,
  sysUserFaceStatus,
  sysUserInfo,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysAttempt, sysConfig, sysLog, sysUser, sysUserFace } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { analyseFrames, MAX_QUEUED_JOBS, stopFaceEngine } from './face-engine.js';
import { sampleFace } from './face-samples.js';

const b64 = (b: Buffer) => `data:image/jpeg;base64,${b.toString('base64')}`;
const tile = (r: number, c: number, flip = false) => b64(sampleFace(r, c, { flip }));
/** A head turning: photos of one man, each beside its mirror image. */
const turning = (cols: number[]) => cols.flatMap((c) => [tile(0, c), tile(0, c, true)]).slice(0, 6);
const grey = () => {
  const data = Buffer.alloc(160 * 120 * 4, 120);
  return b64(Buffer.from(jpeg.encode({ width: 160, height: 120, data }, 80).data));
};

let t: TestApp;
let token: string;

async function faceLogin(userName: string, frames: string[], ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: sysUserFaceLogin.path,
    payload: { userName, frames },
    remoteAddress: ip,
  });
  return res.json() as { code: number; msg: string; data: { token: string } | null };
}

const setSwitch = (on: boolean) => t.db.update(sysConfig).set({ faceLogin: on });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('student', 'student123');
}, 120_000);
afterAll(async () => {
  await stopFaceEngine();
  await t.close();
});

describe('face login', () => {
  it('is refused while the administrator switch is off', async () => {
    await setSwitch(false);
    expect((await t.request(sysUserFaceStatus, {}, token)).data).toMatchObject({ enabled: false, enrolled: false });
    const enrol = await t.request(sysUserFaceEnrol, { password: 'student123', frames: turning([0, 1, 2]) }, token);
    expect(enrol.code).toBe(ErrorCode.FACE_LOGIN_DISABLED);
    const login = await faceLogin('student', turning([3, 4, 5]), '192.0.2.1');
    expect(login).toMatchObject({ code: ErrorCode.FACE_LOGIN_DISABLED, msg: '人脸登录未开启，请使用其他方式登录' });
  });

  it('enrols only after the password and a live sequence; one repeated frame is no live face', async () => {
    await setSwitch(true);
    const wrong = await t.request(sysUserFaceEnrol, { password: 'nope', frames: turning([0, 1, 2]) }, token);
    expect(wrong).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '登录密码不正确' });
    const still = await t.request(
      sysUserFaceEnrol,
      { password: 'student123', frames: Array.from({ length: 6 }, () => tile(0, 0)) },
      token,
    );
    expect(still.code).toBe(ErrorCode.FACE_LIVENESS_FAILED);
    expect(still.msg).toContain('未检测到眨眼或转头');
    const ok = await t.request(sysUserFaceEnrol, { password: 'student123', frames: turning([0, 1, 2]) }, token);
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ enabled: true, enrolled: true });
  }, 180_000);

  it('stores a descriptor only: no frame, no picture', async () => {
    const [student] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'student'));
    const rows = await t.db.select().from(sysUserFace);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(Object.keys(row).sort()).toEqual(['createdAt', 'descriptor', 'model', 'updatedAt', 'userId']);
    expect(row.userId).toBe(student.id);
    expect(row.model).toMatch(/^human-3\.3.*faceres$/);
    expect(row.descriptor).toHaveLength(1024);
    expect(row.descriptor.every((v) => typeof v === 'number' && Number.isFinite(v))).toBe(true);
    expect(JSON.stringify(row).length).toBeLessThan(20_000);
  });

  it('signs in with other photos of the same face, and answers a token', async () => {
    const res = await faceLogin('student', turning([3, 4, 5]), '192.0.2.2');
    expect(res.code, res.msg).toBe(0);
    const info = await t.request(sysUserInfo, {}, res.data?.token);
    expect(info.data.userName).toBe('student');
    const [log] = await t.db.select().from(sysLog).where(eq(sysLog.path, sysUserFaceLogin.path));
    expect(log).toMatchObject({ success: true, userName: 'student' });
  }, 180_000);

  it('refuses another person, an unknown account and one repeated frame', async () => {
    const other = [tile(2, 1), tile(2, 1, true), tile(2, 1), tile(2, 1, true), tile(2, 1)];
    const stranger = await faceLogin('student', other, '192.0.2.3');
    expect(stranger).toMatchObject({ code: ErrorCode.FACE_NOT_MATCHED, msg: '人脸识别未通过，请重试或使用密码登录' });
    const unknown = await faceLogin('nobody-here', turning([3, 4, 5]), '192.0.2.3');
    expect(unknown).toMatchObject({ code: ErrorCode.FACE_NOT_MATCHED, msg: stranger.msg });
    const photo = await faceLogin(
      'student',
      Array.from({ length: 5 }, () => tile(0, 3)),
      '192.0.2.3',
    );
    expect(photo.code).toBe(ErrorCode.FACE_LIVENESS_FAILED);
  }, 180_000);

  it('locks the account on this address after five failed face attempts, like passwords', async () => {
    const ip = '192.0.2.4';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await faceLogin('student', Array.from({ length: 5 }, grey), ip));
    expect(answers.slice(0, 4).every((a) => a.code === ErrorCode.FACE_LIVENESS_FAILED)).toBe(true);
    expect(answers[0].msg).toContain('未检测到人脸');
    expect(answers[4]).toMatchObject({
      code: ErrorCode.ACCOUNT_LOCKED,
      msg: '登录失败次数过多，已暂时锁定，请15分钟后再试',
    });
    const right = await faceLogin('student', turning([3, 4, 5]), ip);
    expect(right.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    // the password path shares the lock
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: { userName: 'student', password: 'student123' },
      remoteAddress: ip,
    });
    expect(res.json().code).toBe(ErrorCode.ACCOUNT_LOCKED);
  }, 180_000);

  it('refuses frames that are no JPEG before any analysis, and a full queue at once', async () => {
    const bad = await faceLogin(
      'student',
      Array.from({ length: 5 }, () => 'aGVsbG8gd29ybGQ='),
      '192.0.2.5',
    );
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    const frame = Buffer.from(grey().split(',')[1], 'base64');
    const eight = Array.from({ length: 8 }, () => frame);
    const jobs = Array.from({ length: MAX_QUEUED_JOBS + 1 }, () =>
      analyseFrames(eight).then(
        () => 'done',
        (e) => e,
      ),
    );
    // a face sign-in meeting the full queue is refused at once and is no failed attempt
    const busy = await faceLogin('student', Array.from({ length: 5 }, grey), '192.0.2.6');
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
