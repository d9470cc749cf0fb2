/**
 * Remote proctoring during and after the exam, against the real app and database: hostile
 * snapshot uploads refused with nothing stored, flags and risk from the browser's findings and the
 * server's re-check, the camera, the second camera's token (its paper only; altered, expired or
 * after hand-in refused), the console's scope and view log, warning and pause seen by the room,
 * the review (a void through the exam's void) and the retention sweep.
 */
import {
  DataScope,
  ErrorCode,
  examProctorCamera,
  examProctorPause,
  examProctorRetention,
  examProctorRetentionHold,
  examProctorReviewPaging,
  examProctorReviewSave,
  examProctorRoom,
  examProctorRows,
  examProctorSecondInfo,
  examProctorSecondLink,
  examProctorSecondSnapshot,
  examProctorSnapshot,
  examProctorSnapshotImage,
  examProctorTimeline,
  examProctorWarn,
  examResultPaperPaging,
  PROCTOR_OFF,
  paperPaperCreate,
  paperPaperHand,
  type TProctorSetting,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  elExam,
  elInvigilateMsg,
  elPaper,
  elProctorConsent,
  elProctorDoor,
  elProctorEvent,
  elProctorReview,
  elProctorRoom,
  elProctorSnapshot,
  elProctorView,
  sysLog,
  sysUser,
  sysUserFace,
} from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { createAdmin } from '../../system/user/user.test-helpers.js';
import { noticeText } from '../door/notice-text.js';
import { sweepRetention } from '../retention/retention.service.js';
import { forgetProctorExams } from './proctor-state.js';
import { recheckEngine, settleRechecks } from './recheck.js';
import { resetUploadLimits } from './room.service.js';
import { sweepSecondCameras } from './second-sweep.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
let lisi: string;
let tech: { token: string; id: string };
let bank: Bank;
let tmplId: string;
const ids: Record<string, string> = {};
let puts = 0;

const jpegOf = (width = 160, height = 120) =>
  Buffer.from(jpeg.encode({ width, height, data: Buffer.alloc(width * height * 4, 128) }, 70).data);
const b64 = (b: Buffer) => `data:image/jpeg;base64,${b.toString('base64')}`;
const GOOD = b64(jpegOf());
const ENROLLED = [1, 0, 0, 0];

/** A proctored exam for the named learners (objective questions only: hand-in finishes the paper). */
async function proctoredExam(userNames: string[], setting: Partial<TProctorSetting> = {}) {
  const examId = await saveExam(t, admin, tmplId, clock.ms(), {
    openType: 3,
    userIds: userNames.map((u) => ids[u]),
    passScore: 10,
  });
  const proctor: TProctorSetting = { ...PROCTOR_OFF, mode: 3, snapMinSeconds: 30, snapMaxSeconds: 60, ...setting };
  await t.db.update(elExam).set({ proctor }).where(eq(elExam.id, examId));
  forgetProctorExams();
  // The door (consent and identity check) is door.api.test.ts's: here every named learner has passed it.
  const now = new Date(clock.ms());
  for (const u of userNames) {
    await t.db
      .insert(elProctorConsent)
      .values({ examId, userId: ids[u], version: noticeText(proctor).version, createdAt: now });
    await t.db.insert(elProctorDoor).values({ examId, userId: ids[u], passedAt: now, updatedAt: now });
  }
  return examId;
}
const start = async (token: string, examId: string) => {
  const res = await t.request(paperPaperCreate, { examId }, token);
  if (res.code !== 0) throw new Error(`create: ${res.code} ${res.msg}`);
  return res.data.paperId;
};
const upload = (
  token: string,
  paperId: string,
  image = GOOD,
  findings: { faces: number; descriptor?: number[] } = { faces: 1, descriptor: ENROLLED },
  reason: 'random' | 'leave' = 'random',
) => {
  clock.add(6_000);
  return t.request(examProctorSnapshot, { paperId, reason, image, findings, takenAt: clock().toISOString() }, token);
};
const snapshotsOf = (paperId: string) =>
  t.db.select().from(elProctorSnapshot).where(eq(elProctorSnapshot.paperId, paperId));
const flagsOf = async (paperId: string) =>
  (await t.db.select().from(elProctorEvent).where(eq(elProctorEvent.paperId, paperId))).map((e) => e.kind);
const roomOf = async (paperId: string) =>
  (await t.db.select().from(elProctorRoom).where(eq(elProctorRoom.paperId, paperId)))[0];
const image = (snapshotId: string, token: string) =>
  t.app.inject({ method: 'POST', url: examProctorSnapshotImage.path, payload: { snapshotId }, headers: { token } });

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  lisi = await t.login('lisi', 'student123');
  for (const u of await t.db.select({ id: sysUser.id, userName: sysUser.userName }).from(sysUser))
    ids[u.userName] = u.id;
  tech = await createAdmin(t, 'pr_tech', DataScope.DEPT_AND_BELOW, 'D001D001', [
    'exam:exam:view',
    'exam:invigilate:view',
    'exam:invigilate:msg',
    'exam:invigilate:pause',
    'exam:proctor:review',
  ]);
  bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.judge]);
  await t.db.insert(sysUserFace).values({ userId: ids.student, descriptor: ENROLLED, model: 'test' });
  const blobs = t.app.deps.blobs;
  const put = blobs.put.bind(blobs);
  blobs.put = (...args) => {
    puts++;
    return put(...args);
  };
  // The server's re-check without the models: busy unless a test says otherwise, then it sees what the test says.
  recheckEngine.idle = () => false;
  recheckEngine.sample = () => false;
  recheckEngine.analyse = async () => {
    throw new Error('the engine is busy in these tests');
  };
}, 180_000);
afterAll(async () => t.close());
beforeEach(() => resetUploadLimits());
// A failed test leaves no open paper behind for the next one (one open paper per learner).
afterEach(async () => {
  const open = await t.db.select().from(elPaper).where(eq(elPaper.state, 0));
  for (const p of open) {
    const token = p.userId === ids.student ? student : p.userId === ids.lisi ? lisi : null;
    if (token) await t.request(paperPaperHand, { paperId: p.id }, token);
  }
});

describe('snapshot uploads', () => {
  it('refuses hostile images with a Chinese message and stores nothing', async () => {
    const examId = await proctoredExam(['student']);
    const paperId = await start(student, examId);
    const good = jpegOf();
    const withZip = Buffer.concat([good, Buffer.from('PK\x03\x04zipzipzip'), Buffer.from([0xff, 0xd9])]);
    const huge = Buffer.from(good);
    // The SOF0 segment's height and width fields: 4000×4000 in the header of a small file.
    const sof = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(4000, sof + 5);
    huge.writeUInt16BE(4000, sof + 7);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const big = Buffer.concat([good.subarray(0, -2), Buffer.alloc(70 * 1024, 0x11), Buffer.from([0xff, 0xd9])]);
    const before = puts;
    for (const [what, img, msg] of [
      ['not base64', '这不是图片', 'JPEG'],
      ['broken base64', 'abcde', 'base64'],
      ['a PNG', b64(png), 'JPEG'],
      ['a JPEG with a zip appended', b64(withZip), '其他数据'],
      ['a 4000×4000 header', b64(huge), '640'],
      ['larger than 64 KB', b64(big), '过大'],
    ] as const) {
      const res = await upload(student, paperId, img);
      expect(res.code, what).toBe(ErrorCode.BAD_PARAMS);
      expect(res.msg, what).toContain(msg);
      expect(res.msg, what).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(puts).toBe(before);
    expect(await snapshotsOf(paperId)).toEqual([]);
    await t.request(paperPaperHand, { paperId }, student);
  });

  it('stores a good JPEG through the storage port, answers the next delay, and limits the rate', async () => {
    const examId = await proctoredExam(['student']);
    const paperId = await start(student, examId);
    const res = await upload(student, paperId);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.nextInSeconds).toBeGreaterThanOrEqual(30);
    expect(res.data.nextInSeconds).toBeLessThanOrEqual(60);
    expect(res.data).toMatchObject({ paused: false, warning: null });
    const [row] = await snapshotsOf(paperId);
    expect(row).toMatchObject({ id: res.data.id, source: 'main', faces: 1, userId: ids.student });
    expect(row.blobKey).toBe(`proctor/${examId}/${paperId}/${row.id}.jpg`);
    expect(row.similarity).toBeCloseTo(1);
    expect((await t.app.deps.blobs.stat(row.blobKey))?.size).toBe(row.bytes);
    expect(await flagsOf(paperId)).toEqual([]);
    // A burst of 3, then one per 5 s: a flood is refused before anything is stored.
    clock.add(20_000);
    const now = clock();
    const burst = [];
    for (let i = 0; i < 4; i++)
      burst.push(
        await t.request(
          examProctorSnapshot,
          { paperId, reason: 'random', image: GOOD, findings: { faces: 1 }, takenAt: now.toISOString() },
          student,
        ),
      );
    expect(burst.map((r) => r.code)).toEqual([0, 0, 0, ErrorCode.TOO_MANY_REQUESTS]);
    expect(await snapshotsOf(paperId)).toHaveLength(4);
    await t.request(paperPaperHand, { paperId }, student);
  });

  it('turns findings into flags and keeps the risk; the server re-check adds what it finds otherwise', async () => {
    const examId = await proctoredExam(['student']);
    const paperId = await start(student, examId);
    expect((await upload(student, paperId, GOOD, { faces: 2 })).code).toBe(0);
    expect((await upload(student, paperId, GOOD, { faces: 0 })).code).toBe(0);
    expect((await upload(student, paperId, GOOD, { faces: 1, descriptor: [0, 1, 0, 0] })).code).toBe(0);
    expect((await upload(student, paperId, GOOD, { faces: 1, descriptor: ENROLLED }, 'leave')).code).toBe(0);
    await settleRechecks();
    expect((await flagsOf(paperId)).sort()).toEqual(['faces', 'leave', 'mismatch', 'no-face']);
    expect((await roomOf(paperId)).risk).toBe(30 + 20 + 5 + 5);
    // The browser says one matching face; the idle server finds two: disagreed, flagged.
    recheckEngine.idle = () => true;
    recheckEngine.sample = () => true;
    let analysed = 0;
    recheckEngine.analyse = async () => {
      analysed++;
      return [{ faces: 2 }];
    };
    const res = await upload(student, paperId);
    await settleRechecks();
    // The next one within RECHECK_EVERY_MS is not re-checked: the engine's CPU is capped per process.
    await upload(student, paperId);
    await settleRechecks();
    expect(analysed).toBe(1);
    recheckEngine.idle = () => false;
    recheckEngine.sample = () => false;
    const [snap] = await t.db.select().from(elProctorSnapshot).where(eq(elProctorSnapshot.id, res.data.id));
    expect(snap).toMatchObject({ serverChecked: true, disagreed: true, faces: 2 });
    expect((await flagsOf(paperId)).filter((f) => f === 'faces')).toHaveLength(2);
    expect((await roomOf(paperId)).risk).toBe(30 + 40 + 5 + 5);
    // The camera: stopped is a flag, and blocks answering only when the exam says so.
    const cam = await t.request(examProctorCamera, { paperId, state: 'stopped' }, student);
    expect(cam.data).toEqual({ blocked: false });
    expect((await roomOf(paperId)).cameraStopped).toBe(true);
    await t.request(examProctorCamera, { paperId, state: 'on' }, student);
    expect(await flagsOf(paperId)).toEqual(expect.arrayContaining(['camera-stop', 'camera-on']));
    expect((await roomOf(paperId)).cameraStopped).toBe(false);
    await t.request(paperPaperHand, { paperId }, student);
  });

  it('answers blocked when the exam stops answering with the camera', async () => {
    const examId = await proctoredExam(['student'], { cameraStopBlocks: true });
    const paperId = await start(student, examId);
    const cam = await t.request(examProctorCamera, { paperId, state: 'stopped', detail: '设备断开' }, student);
    expect(cam.data).toEqual({ blocked: true });
    const room = await t.request(examProctorRoom, { paperId }, student);
    expect(room.data).toMatchObject({ mode: 3, cameraStopBlocks: true, snapMinSeconds: 30, paused: false });
    await t.request(paperPaperHand, { paperId }, student);
  });
});

describe('one learner never touches another', () => {
  it('refuses uploads to, and every console read of, another learner paper', async () => {
    const examId = await proctoredExam(['student', 'lisi']);
    const mine = await start(student, examId);
    await upload(student, mine, GOOD, { faces: 2 });
    const [snap] = await snapshotsOf(mine);
    expect((await upload(lisi, mine)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.request(examProctorRoom, { paperId: mine }, lisi)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.request(examProctorCamera, { paperId: mine, state: 'stopped' }, lisi)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await t.request(examProctorSecondLink, { paperId: mine }, lisi)).code).toBe(ErrorCode.NO_PERMISSION);
    for (const token of [lisi, student]) {
      expect((await t.request(examProctorTimeline, { paperId: mine }, token)).code).toBe(ErrorCode.NO_PERMISSION);
      expect((await t.request(examProctorRows, { examId }, token)).code).toBe(ErrorCode.NO_PERMISSION);
      expect((await t.request(examProctorReviewPaging, { current: 1, size: 10, params: {} }, token)).code).toBe(
        ErrorCode.NO_PERMISSION,
      );
      expect((await t.request(examProctorRetention, { examId }, token)).code).toBe(ErrorCode.NO_PERMISSION);
      expect((await image(snap.id, token)).json().code).toBe(ErrorCode.NO_PERMISSION);
    }
    expect(await t.db.select().from(elProctorView).where(eq(elProctorView.paperId, mine))).toEqual([]);
    await t.request(paperPaperHand, { paperId: mine }, student);
  });

  it('refuses an invigilator of another department: their exam, their learner, their snapshot', async () => {
    const lisiOnly = await proctoredExam(['lisi']);
    const lisiPaper = await start(lisi, lisiOnly);
    await upload(lisi, lisiPaper, GOOD, { faces: 0 });
    const [snap] = await snapshotsOf(lisiPaper);
    expect((await t.request(examProctorRows, { examId: lisiOnly }, tech.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.request(examProctorTimeline, { paperId: lisiPaper }, tech.token)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await image(snap.id, tech.token)).json().code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.request(examProctorWarn, { paperId: lisiPaper, content: '请注意' }, tech.token)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    // Their review queue holds their scope only.
    const queue = await t.request(examProctorReviewPaging, { current: 1, size: 100, params: {} }, tech.token);
    expect(queue.code, queue.msg).toBe(0);
    expect(queue.data.records.map((r) => r.paperId)).not.toContain(lisiPaper);
    expect(await t.db.select().from(elProctorView).where(eq(elProctorView.paperId, lisiPaper))).toEqual([]);
    // A shared exam: tech sees the student's row, not lisi's.
    const shared = await proctoredExam(['student', 'lisi']);
    const sp = await start(student, shared);
    await t.request(paperPaperHand, { paperId: lisiPaper }, lisi);
    const lp = await start(lisi, shared);
    const rows = await t.request(examProctorRows, { examId: shared }, tech.token);
    expect(rows.code, rows.msg).toBe(0);
    expect(rows.data.rows.map((r) => r.paperId)).toEqual([sp]);
    expect((await t.request(examProctorTimeline, { paperId: lp }, tech.token)).code).toBe(ErrorCode.NO_PERMISSION);
    await t.request(paperPaperHand, { paperId: sp }, student);
    await t.request(paperPaperHand, { paperId: lp }, lisi);
  });
});

describe('the console', () => {
  it('shows rows and the timeline, streams the image, and logs every view', async () => {
    const examId = await proctoredExam(['student']);
    const paperId = await start(student, examId);
    await upload(student, paperId, GOOD, { faces: 1, descriptor: [0, 1, 0, 0] });
    const [snap] = await snapshotsOf(paperId);
    const rows = await t.request(examProctorRows, { examId }, admin);
    expect(rows.code, rows.msg).toBe(0);
    expect(rows.data.mode).toBe(3);
    expect(rows.data.rows).toEqual([
      expect.objectContaining({ paperId, userId: ids.student, risk: 30, flags: ['mismatch'], paused: false }),
    ]);
    // A door event of this learner and exam, written before the paper existed, joins the timeline.
    await t.db.insert(elProctorEvent).values({
      paperId: null,
      examId,
      userId: ids.student,
      kind: 'door-failed',
      detail: '动作未完成',
      createdAt: new Date(clock.ms() - 3_600_000),
    });
    const tl = await t.request(examProctorTimeline, { paperId }, admin);
    expect(tl.code, tl.msg).toBe(0);
    expect(tl.data.risk).toEqual({ score: 30, reasons: ['人脸不符 1 次'] });
    expect(tl.data.realName).toBe('张三');
    expect(tl.data.items.map((i) => i.kind)).toEqual(['door', 'door', 'snapshot', 'flag']);
    expect(tl.data.items[0]).toMatchObject({ flag: 'door-failed', label: '身份核验失败', detail: '动作未完成' });
    expect(tl.data.items[1]).toMatchObject({ label: '通过身份核验' });
    expect(tl.data.items[2]).toMatchObject({ snapshotId: snap.id, source: 'main', faces: 1 });
    const img = await image(snap.id, admin);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/jpeg');
    expect(img.rawPayload.equals(jpegOf())).toBe(true);
    const views = await t.db.select().from(elProctorView).where(eq(elProctorView.paperId, paperId));
    expect(views.map((v) => v.what).sort()).toEqual(['image', 'timeline']);
    expect(views.find((v) => v.what === 'image')?.snapshotId).toBe(snap.id);
    expect(views.every((v) => v.viewerId === ids.admin)).toBe(true);
    await t.request(paperPaperHand, { paperId }, student);
  });

  it('warns and pauses; the room sees both on its next call', async () => {
    const examId = await proctoredExam(['student']);
    const paperId = await start(student, examId);
    expect((await t.request(examProctorWarn, { paperId, content: '请正对摄像头' }, admin)).code).toBe(0);
    const msgs = await t.db
      .select()
      .from(elInvigilateMsg)
      .where(and(eq(elInvigilateMsg.examId, examId), eq(elInvigilateMsg.userId, ids.student)));
    expect(msgs.map((m) => m.content)).toEqual(['请正对摄像头']);
    const paused = await t.request(examProctorPause, { paperId, paused: true, reason: '核实身份' }, admin);
    expect(paused.data).toEqual({ paused: true });
    const room = await t.request(examProctorRoom, { paperId }, student);
    expect(room.data).toMatchObject({ paused: true, warning: '请正对摄像头' });
    const up = await upload(student, paperId);
    expect(up.data).toMatchObject({ paused: true, warning: '请正对摄像头' });
    await t.request(examProctorPause, { paperId, paused: false, reason: '已核实' }, admin);
    expect((await t.request(examProctorRoom, { paperId }, student)).data.paused).toBe(false);
    expect(await flagsOf(paperId)).toEqual(expect.arrayContaining(['warn', 'pause', 'resume']));
    // Pausing needs its own tag.
    const viewer = await createAdmin(t, 'pr_viewer', DataScope.ALL, 'D001', ['exam:invigilate:view']);
    expect((await t.request(examProctorPause, { paperId, paused: true, reason: 'x' }, viewer.token)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    await t.request(paperPaperHand, { paperId }, student);
  });
});

describe('the second camera', () => {
  it('opens its paper uploads only, and is refused altered, expired, or after hand-in', async () => {
    const examId = await proctoredExam(['student']);
    const paperId = await start(student, examId);
    const link = await t.request(examProctorSecondLink, { paperId }, student);
    expect(link.code, link.msg).toBe(0);
    // Absolute (the phone scans it off the screen), and drawn as the QR code the room shows.
    expect(link.data.url).toMatch(/^http:\/\/[^/]+\/web\/proctor\/second\?token=/);
    expect(link.data.qr).toMatch(/^data:image\/png;base64,/);
    const token = decodeURIComponent(link.data.url.split('token=')[1]);
    const info = await t.request(examProctorSecondInfo, { token });
    expect(info.data).toMatchObject({ examTitle: '测试考试', realName: '张三', intervalSeconds: 30 });
    clock.add(6_000);
    const sent = await t.request(examProctorSecondSnapshot, { token, image: GOOD, takenAt: clock().toISOString() });
    expect(sent.code, sent.msg).toBe(0);
    const [row] = await snapshotsOf(paperId);
    expect(row).toMatchObject({ source: 'second', paperId });
    expect((await roomOf(paperId)).secondSeenAt).not.toBeNull();
    // Nothing else: not a user's token.
    expect((await t.request(examProctorRoom, { paperId }, token)).code).toBe(ErrorCode.NOT_LOGIN);
    // Altered: another paper's id under the same signature, or a changed signature.
    const parts = token.split('.');
    const otherExam = await proctoredExam(['lisi']);
    const lisiPaper = await start(lisi, otherExam);
    const other = [lisiPaper, ...parts.slice(1)];
    for (const bad of [
      other.join('.'),
      `${token.slice(0, -2)}AA`,
      `${parts[0]}.${parts[1]}.${Number(parts[2]) + 60_000}.${parts[3]}`,
    ]) {
      const res = await t.request(examProctorSecondSnapshot, {
        token: bad,
        image: GOOD,
        takenAt: clock().toISOString(),
      });
      expect(res.code).toBe(ErrorCode.NO_PERMISSION);
    }
    expect(await snapshotsOf(lisiPaper)).toEqual([]);
    // Lost: nothing for 3 minutes after having been seen; flagged once per loss.
    clock.add(181_000);
    expect(await sweepSecondCameras(t.app.deps)).toBeGreaterThanOrEqual(1);
    await sweepSecondCameras(t.app.deps);
    expect((await flagsOf(paperId)).filter((f) => f === 'second-lost')).toHaveLength(1);
    expect((await roomOf(paperId)).secondLost).toBe(true);
    // Never connected 3 minutes after the start: flagged too.
    expect((await t.db.select().from(elProctorEvent).where(eq(elProctorEvent.paperId, lisiPaper)))[0]).toMatchObject({
      kind: 'second-lost',
      detail: '第二机位未连接',
    });
    // Expired.
    clock.add(30 * 60_000);
    expect((await t.request(examProctorSecondInfo, { token })).code).toBe(ErrorCode.NO_PERMISSION);
    // After hand-in, even a fresh link is refused.
    const fresh = decodeURIComponent(
      (await t.request(examProctorSecondLink, { paperId }, student)).data.url.split('token=')[1],
    );
    await t.request(paperPaperHand, { paperId }, student);
    const closed = await t.request(examProctorSecondSnapshot, {
      token: fresh,
      image: GOOD,
      takenAt: clock().toISOString(),
    });
    expect(closed.code).toBe(ErrorCode.PAPER_CLOSED);
    expect(await snapshotsOf(paperId)).toHaveLength(1);
  });
});

describe('review and retention', () => {
  it('queues flagged attempts, keeps the decision, voids on decision 3 and logs a replaced review', async () => {
    const examId = await proctoredExam(['student']);
    const paperId = await start(student, examId);
    await upload(student, paperId, GOOD, { faces: 2 });
    await t.request(paperPaperHand, { paperId }, student);
    const queue = await t.request(examProctorReviewPaging, { current: 1, size: 10, params: { examId } }, admin);
    expect(queue.code, queue.msg).toBe(0);
    expect(queue.data.records).toEqual([
      expect.objectContaining({ paperId, risk: 20, reasons: ['多张人脸 1 次'], snapshots: 1, decision: null }),
    ]);
    expect((await t.request(examProctorReviewSave, { paperId, decision: 2, reason: '有人经过' }, admin)).code).toBe(0);
    const done = await t.request(examProctorReviewSave, { paperId, decision: 3, reason: '他人代考' }, admin);
    expect(done.code, done.msg).toBe(0);
    const [paper] = await t.db.select().from(elPaper).where(eq(elPaper.id, paperId));
    expect(paper.voided).toBe(true);
    expect(paper.voidReason).toContain('他人代考');
    const reviews = await t.db.select().from(elProctorReview).where(eq(elProctorReview.paperId, paperId));
    expect(reviews).toEqual([expect.objectContaining({ decision: 3, reason: '他人代考' })]);
    const events = await t.db.select().from(elProctorEvent).where(eq(elProctorEvent.paperId, paperId));
    expect(events.find((e) => e.kind === 'void')?.detail).toContain('由「违规警告」改为「作废成绩」');
    // The administrator's record list shows the decision beside the paper's state.
    const records = await t.request(examResultPaperPaging, { current: 1, size: 10, params: { examId } }, admin);
    expect(records.code, records.msg).toBe(0);
    expect(records.data.records[0].stateLabel).toContain('（监考复核：作废成绩）');
    // An exam without proctoring has nothing to review.
    const plain = await saveExam(t, admin, tmplId, clock.ms(), { openType: 3, userIds: [ids.student], passScore: 10 });
    const plainPaper = await start(student, plain);
    await t.request(paperPaperHand, { paperId: plainPaper }, student);
    const none = await t.request(examProctorReviewSave, { paperId: plainPaper, decision: 1, reason: '无' }, admin);
    expect(none.code).toBe(ErrorCode.BAD_PARAMS);
    const reviewed = await t.request(
      examProctorReviewPaging,
      { current: 1, size: 10, params: { examId, reviewed: false } },
      admin,
    );
    expect(reviewed.data.records).toEqual([]);
  });

  it('deletes an exam snapshots after its retention, and keeps a held exam until the hold ends', async () => {
    const kept = await proctoredExam(['student'], { retentionDays: 1 });
    const gone = await proctoredExam(['student'], { retentionDays: 1 });
    const keys: Record<string, string[]> = {};
    for (const examId of [kept, gone]) {
      const paperId = await start(student, examId);
      const open = await t.request(examProctorRetention, { examId }, admin);
      expect(open.data.deleteAt).toBeNull(); // a paper still open
      await upload(student, paperId);
      await upload(student, paperId);
      await t.request(paperPaperHand, { paperId }, student);
      keys[examId] = (await snapshotsOf(paperId)).map((s) => s.blobKey);
    }
    const [exam] = await t.db.select().from(elExam).where(eq(elExam.id, gone));
    const info = await t.request(examProctorRetention, { examId: gone }, admin);
    expect(info.data).toMatchObject({ retentionDays: 1, snapshots: 2, keepUntil: null });
    expect(info.data.deleteAt).toBe(new Date(exam.endTime.getTime() + 86_400_000).toISOString());
    const past = await t.request(
      examProctorRetentionHold,
      { examId: kept, keepUntil: clock().toISOString(), reason: '申诉' },
      admin,
    );
    expect(past.code).toBe(ErrorCode.BAD_PARAMS);
    const holdUntil = new Date(exam.endTime.getTime() + 10 * 86_400_000);
    const held = await t.request(
      examProctorRetentionHold,
      { examId: kept, keepUntil: holdUntil.toISOString(), reason: '考生申诉中' },
      admin,
    );
    expect(held.code, held.msg).toBe(0);
    expect(held.data).toMatchObject({ keepUntil: holdUntil.toISOString(), holdReason: '考生申诉中' });
    const logged = await t.db.select().from(sysLog).where(eq(sysLog.path, examProctorRetentionHold.path));
    expect(logged.map((l) => JSON.stringify(l))).toEqual(
      expect.arrayContaining([expect.stringContaining('考生申诉中')]),
    );
    // Before the deleteAt nothing goes.
    expect(await sweepRetention(t.app.deps)).toBe(0);
    clock.set(exam.endTime.getTime() + 2 * 86_400_000);
    expect(await sweepRetention(t.app.deps)).toBeGreaterThanOrEqual(2);
    for (const key of keys[gone]) expect(await t.app.deps.blobs.stat(key)).toBeNull();
    expect(await t.db.select().from(elProctorSnapshot).where(eq(elProctorSnapshot.examId, gone))).toEqual([]);
    for (const key of keys[kept]) expect(await t.app.deps.blobs.stat(key)).not.toBeNull();
    expect(await t.db.select().from(elProctorSnapshot).where(eq(elProctorSnapshot.examId, kept))).toHaveLength(2);
    clock.set(holdUntil.getTime() + 1000);
    expect(await sweepRetention(t.app.deps)).toBe(2);
    for (const key of keys[kept]) expect(await t.app.deps.blobs.stat(key)).toBeNull();
    expect(await t.db.select().from(elProctorSnapshot).where(eq(elProctorSnapshot.examId, kept))).toEqual([]);
  });
});
