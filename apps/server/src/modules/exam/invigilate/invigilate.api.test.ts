/**
 * 监考 against the real app and database: who may watch and act, the snapshot's
 * figures, each action (message, added time, forced hand-in, void) with its log row and its effect
 * on the learner's room, and the live stream.
 */
import {
  ErrorCode,
  examInvigilateAddTime,
  examInvigilateBeat,
  examInvigilateDetail,
  examInvigilateHand,
  examInvigilateMsg,
  examInvigilateVoid,
  HandKind,
  invigilateTopic,
  paperPaperCreate,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperLeave,
  realtimeTicket,
  type TInvigilateRow,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elPaper, elUserExam, sysLog, sysUser } from '../../../db/schema/index.js';
import { drainEvents } from '../../../test/events.js';
import { openTopics } from '../../../test/sse.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { createAdmin } from '../../system/user/user.test-helpers.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
let lisi: string;
let wangwu: string;
let viewer: string; // an administrator holding only exam:invigilate:view
let bare: string; // an administrator without any invigilation tag
let bank: Bank;
let tmplId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  lisi = await t.login('lisi', 'student123');
  wangwu = await t.login('wangwu', 'student123');
  for (const u of await t.db.select({ id: sysUser.id, userName: sysUser.userName }).from(sysUser))
    ids[u.userName] = u.id;
  viewer = (await createAdmin(t, 'invviewer', 4, 'D001', ['exam:exam:view', 'exam:invigilate:view'])).token;
  bare = (await createAdmin(t, 'invbare', 4, 'D001', ['exam:exam:view'])).token;
  bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.multi, bank.judge, bank.fill, bank.short, bank.comp]);
}, 180_000); // seven sign-ins (argon2) and a database copy: slow on the shared, loaded machine
afterAll(async () => t.close());

/** An exam for the three demo learners (named people), leave limit 2. */
const newExam = () =>
  saveExam(t, admin, tmplId, clock.ms(), {
    openType: 3,
    userIds: [ids.student, ids.lisi, ids.wangwu],
    leaveLimit: 2,
  });
const start = async (token: string, examId: string) => {
  const res = await t.request(paperPaperCreate, { examId }, token);
  if (res.code !== 0) throw new Error(`create: ${res.code} ${res.msg}`);
  return res.data.paperId;
};
const snapshot = async (examId: string, token = admin) => {
  const res = await t.request(examInvigilateDetail, { examId }, token);
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const rowOf = (rows: TInvigilateRow[], userName: string) => {
  const row = rows.find((r) => r.userName === userName);
  if (!row) throw new Error(`no row for ${userName}`);
  return row;
};
const paperRow = async (id: string) => (await t.db.select().from(elPaper).where(eq(elPaper.id, id)))[0];
const logsOf = (path: string) => t.db.select().from(sysLog).where(eq(sysLog.path, path));

describe('access', () => {
  it('refuses without a token, refuses learners and administrators without the tag, checks input', async () => {
    const examId = await newExam();
    const paperId = await start(student, examId);
    const calls = [
      [examInvigilateDetail.path, { examId }],
      [examInvigilateMsg.path, { examId, content: '请安静' }],
      [examInvigilateAddTime.path, { paperId, minutes: 5, reason: '设备故障' }],
      [examInvigilateHand.path, { paperId, reason: '违纪' }],
      [examInvigilateVoid.path, { paperId, reason: '违纪' }],
    ] as const;
    for (const [path, body] of calls) {
      expect((await t.call(path, body)).code, path).toBe(ErrorCode.NOT_LOGIN);
      expect((await t.call(path, body, student)).code, path).toBe(ErrorCode.NO_PERMISSION);
      expect((await t.call(path, body, bare)).code, path).toBe(ErrorCode.NO_PERMISSION);
    }
    // Viewing is its own tag: the viewer sees, and may do nothing else.
    expect((await t.call(examInvigilateDetail.path, { examId }, viewer)).code).toBe(0);
    for (const [path, body] of calls.slice(1))
      expect((await t.call(path, body, viewer)).code, path).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(examInvigilateBeat.path, { paperId })).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.call(examInvigilateBeat.path, { paperId }, lisi)).code).toBe(ErrorCode.NO_PERMISSION);

    const noReason = await t.call(examInvigilateHand.path, { paperId, reason: ' ' }, admin);
    expect(noReason.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noReason.msg).toContain('请输入操作原因');
    const zero = await t.call(examInvigilateAddTime.path, { paperId, minutes: 0, reason: '故障' }, admin);
    expect(zero.code).toBe(ErrorCode.BAD_PARAMS);
    expect(zero.msg).toContain('加时分钟数');
    expect((await t.call(examInvigilateDetail.path, { examId: 'nope' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await paperRow(paperId)).state).toBe(0); // nothing refused changed the paper
    await t.request(examInvigilateHand, { paperId, reason: '测试结束' }, admin);
  });
});

describe('snapshot', () => {
  it('lists the audience with state, answered of total, time left, leaves, last save, presence and alerts', async () => {
    const examId = await newExam();
    let snap = await snapshot(examId);
    expect(snap.rows.map((r) => r.userName).sort()).toEqual(['lisi', 'student', 'wangwu']);
    expect(snap.rows.every((r) => r.status === 'none' && !r.online && !r.offlineAlert)).toBe(true);
    expect(snap.counts).toMatchObject({ total: 3, none: 3, sitting: 0, alerts: 0 });

    const paperId = await start(student, examId);
    const saveAt = clock();
    expect(
      (
        await t.request(
          paperPaperFillAnswer,
          { paperId, quId: bank.single, answer: 'A', seq: 1, windowId: 'w1' },
          student,
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await t.request(
          paperPaperFillAnswer,
          { paperId, quId: bank.judge, answer: 'A', seq: 1, windowId: 'w1' },
          student,
        )
      ).code,
    ).toBe(0);
    clock.add(60_000);
    snap = await snapshot(examId);
    let row = rowOf(snap.rows, 'student');
    // 6 questions, the composite counted once as on the learner's card (it was 7, by its 2 children).
    expect(row).toMatchObject({ status: 'sitting', answered: 2, total: 6, leaveCount: 0, paperId, online: false });
    expect(row.lastSaveAt).toBe(saveAt.toISOString());
    expect(row.remainingSeconds).toBe(59 * 60);
    // Both parts of the composite answered: one more question answered, as on the card.
    const detail = await t.request(paperPaperDetail, { paperId }, student);
    const kids = (detail.data.questions as { quId: string; parentQuId: string | null }[]).filter(
      (q) => q.parentQuId === bank.comp,
    );
    expect(kids).toHaveLength(2);
    for (const kid of kids)
      expect(
        (
          await t.request(
            paperPaperFillAnswer,
            { paperId, quId: kid.quId, answer: 'A', seq: 1, windowId: 'w1' },
            student,
          )
        ).code,
      ).toBe(0);
    expect(rowOf((await snapshot(examId)).rows, 'student')).toMatchObject({ answered: 3, total: 6 });
    expect(row.offlineAlert).toBe(true); // sitting, and the room never beat
    expect(row.leaveAlert).toBe(false);

    const beat = await t.request(examInvigilateBeat, { paperId }, student);
    expect(beat.code, beat.msg).toBe(0);
    row = rowOf((await snapshot(examId)).rows, 'student');
    expect(row).toMatchObject({ online: true, offlineAlert: false });
    expect(row.clientIp).toBeTruthy();
    expect(row.lastSeenAt).toBe(clock().toISOString());

    await t.request(paperPaperLeave, { paperId, kind: 'blur' }, student);
    row = rowOf((await snapshot(examId)).rows, 'student');
    expect(row).toMatchObject({ leaveCount: 1, leaveAlert: false });
    await t.request(paperPaperLeave, { paperId, kind: 'blur' }, student);
    snap = await snapshot(examId);
    expect(rowOf(snap.rows, 'student')).toMatchObject({ leaveCount: 2, leaveAlert: true });
    expect(snap.counts).toMatchObject({ sitting: 1, none: 2, online: 1, alerts: 1 });

    clock.add(31_000); // no beat for more than 30 s: offline
    row = rowOf((await snapshot(examId)).rows, 'student');
    expect(row).toMatchObject({ online: false, offlineAlert: true, leaveAlert: true });

    const lisiPaper = await start(lisi, examId);
    await t.call('/api/paper/paper/hand', { paperId: lisiPaper }, lisi);
    snap = await snapshot(examId);
    // Nothing to mark by hand (the empty short answer scores 0): 已交卷; an ended paper raises no offline alert.
    expect(rowOf(snap.rows, 'lisi')).toMatchObject({ status: 'handed', remainingSeconds: null, offlineAlert: false });
    expect(snap.counts).toMatchObject({ total: 3, none: 1, sitting: 1, handed: 1 });
    const wangPaper = await start(wangwu, examId);
    await t.request(
      paperPaperFillAnswer,
      { paperId: wangPaper, quId: bank.short, answer: '事务具有原子性', seq: 1, windowId: 'w1' },
      wangwu,
    );
    await t.call('/api/paper/paper/hand', { paperId: wangPaper }, wangwu);
    snap = await snapshot(examId);
    expect(rowOf(snap.rows, 'wangwu')).toMatchObject({ status: 'marking', answered: 1 }); // the short answer awaits marking
    expect(snap.counts).toMatchObject({ total: 3, none: 0, sitting: 1, handed: 1, marking: 1 });
    await t.request(examInvigilateHand, { paperId, reason: '测试结束' }, admin);
  });

  it('shows an administrator of one department only the learners inside their data scope', async () => {
    const examId = await newExam();
    const scoped = await createAdmin(t, 'invscoped', 2, 'D001D001', ['exam:exam:view', 'exam:invigilate:view']);
    const names = (await snapshot(examId, scoped.token)).rows.map((r) => r.userName);
    expect(names).toContain('student'); // department D001D001
    expect(names).not.toContain('lisi'); // department D001D002
  });
});

describe('actions', () => {
  it('sends a message to one learner or to all; the room receives only its own, once, and each is logged', async () => {
    const examId = await newExam();
    const sPaper = await start(student, examId);
    const lPaper = await start(lisi, examId);
    const toAll = await t.request(examInvigilateMsg, { examId, content: '距离考试结束还有30分钟' }, admin);
    expect(toAll.code, toAll.msg).toBe(0);
    expect(toAll.data.recipients).toBe(2);
    clock.add(1000);
    const toOne = await t.request(
      examInvigilateMsg,
      { examId, userId: ids.student, content: '请调整摄像头', reason: '画面不清' },
      admin,
    );
    expect(toOne.data.recipients).toBe(1);

    const sBeat = (await t.request(examInvigilateBeat, { paperId: sPaper }, student)).data;
    expect(sBeat.messages.map((m) => [m.content, m.toAll])).toEqual([
      ['距离考试结束还有30分钟', true],
      ['请调整摄像头', false],
    ]);
    const lBeat = (await t.request(examInvigilateBeat, { paperId: lPaper }, lisi)).data;
    expect(lBeat.messages.map((m) => m.content)).toEqual(['距离考试结束还有30分钟']);
    // Asking since the last one shown answers only that one (the room drops ids it showed).
    const since = sBeat.messages[1].createdAt;
    expect(
      (await t.request(examInvigilateBeat, { paperId: sPaper, since }, student)).data.messages.map((m) => m.id),
    ).toEqual([toOne.data.id]);
    // The learner's room receives nothing of answers or keys.
    expect(JSON.stringify(sBeat)).not.toMatch(/"(isRight|answer|refAnswer|analysis|score)"/);

    const logs = await logsOf(examInvigilateMsg.path);
    expect(logs).toHaveLength(2);
    expect(logs.find((l) => (l.params as { reason?: string }).reason === '画面不清')).toMatchObject({
      userName: 'admin',
      title: '监考：发送消息',
      success: true,
    });
    for (const [paperId] of [[sPaper], [lPaper]])
      await t.request(examInvigilateHand, { paperId, reason: '测试结束' }, admin);
  });

  it('adds time to one learner: the deadline moves, the room learns it, answers are taken past the old deadline', async () => {
    const examId = await newExam();
    const paperId = await start(student, examId);
    const lisiPaper = await start(lisi, examId);
    const before = (await paperRow(paperId)).deadline.getTime();
    const res = await t.request(examInvigilateAddTime, { paperId, minutes: 5, reason: '电脑死机重启' }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(Date.parse(res.data.deadline) - before).toBe(5 * 60_000);
    expect((await t.request(examInvigilateAddTime, { paperId, minutes: 1, reason: '再加一分钟' }, admin)).code).toBe(0);
    expect((await paperRow(paperId)).deadline.getTime() - before).toBe(6 * 60_000);
    expect((await paperRow(lisiPaper)).deadline.getTime()).toBe(before); // only that learner

    const beat = (await t.request(examInvigilateBeat, { paperId }, student)).data;
    expect(Date.parse(beat.deadline) - before).toBe(6 * 60_000);
    clock.add(62 * 60_000); // past the old deadline, inside the new one
    const fill = await t.request(
      paperPaperFillAnswer,
      { paperId, quId: bank.single, answer: 'B', seq: 3, windowId: 'w1' },
      student,
    );
    expect(fill.data).toEqual({ accepted: true, seq: 3 });
    expect(
      (
        await t.request(
          paperPaperFillAnswer,
          { paperId: lisiPaper, quId: bank.single, answer: 'B', seq: 1, windowId: 'w1' },
          lisi,
        )
      ).code,
    ).toBe(ErrorCode.EXAM_TIME_OVER);
    const log = (await logsOf(examInvigilateAddTime.path)).find(
      (l) => (l.params as { reason?: string }).reason === '电脑死机重启',
    );
    expect(log).toMatchObject({ userName: 'admin', success: true });
    await t.request(examInvigilateHand, { paperId, reason: '测试结束' }, admin);
    const closed = await t.request(examInvigilateAddTime, { paperId, minutes: 5, reason: '晚了' }, admin);
    expect(closed.code).toBe(ErrorCode.PAPER_CLOSED);
  });

  it('forces a hand-in through the lifecycle: marked, recorded, the room closes, twice gives one result', async () => {
    const examId = await newExam();
    const paperId = await start(student, examId);
    await t.request(paperPaperFillAnswer, { paperId, quId: bank.single, answer: 'A', seq: 1, windowId: 'w1' }, student);
    await t.request(
      paperPaperFillAnswer,
      { paperId, quId: bank.short, answer: '事务具有原子性', seq: 1, windowId: 'w1' },
      student,
    );
    const res = await t.request(examInvigilateHand, { paperId, reason: '考生违纪，携带手机' }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.state).toBe(1); // a short answer awaits marking
    const paper = await paperRow(paperId);
    expect(paper).toMatchObject({ state: 1, handKind: HandKind.INVIGILATOR });
    await drainEvents(t);
    const [record] = await t.db
      .select()
      .from(elUserExam)
      .where(and(eq(elUserExam.examId, examId), eq(elUserExam.userId, ids.student)));
    expect(record.tryCount).toBe(1);
    expect((await t.request(examInvigilateBeat, { paperId }, student)).data.state).toBe(1);
    expect(
      (
        await t.request(
          paperPaperFillAnswer,
          { paperId, quId: bank.judge, answer: 'A', seq: 2, windowId: 'w1' },
          student,
        )
      ).code,
    ).toBe(ErrorCode.PAPER_CLOSED);
    expect((await t.request(examInvigilateHand, { paperId, reason: '再次' }, admin)).code).toBe(ErrorCode.PAPER_CLOSED);
    const log = (await logsOf(examInvigilateHand.path)).find(
      (l) => (l.params as { reason?: string }).reason === '考生违纪，携带手机',
    );
    expect(log).toMatchObject({ userName: 'admin', success: true, title: '监考：强制收卷' });
  });

  it('voids an open paper (handed in and voided at once) and a handed-in one, with the reason; once', async () => {
    const examId = await newExam();
    const open = await start(wangwu, examId);
    const res = await t.request(examInvigilateVoid, { paperId: open, reason: '替考' }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(await paperRow(open)).toMatchObject({
      voided: true,
      voidReason: '替考',
      state: 2,
      handKind: HandKind.INVIGILATOR,
    });
    expect((await t.request(examInvigilateVoid, { paperId: open, reason: '替考' }, admin)).code).toBe(
      ErrorCode.CONFLICT,
    );

    const handed = await start(lisi, examId);
    await t.call('/api/paper/paper/hand', { paperId: handed }, lisi);
    expect((await t.request(examInvigilateVoid, { paperId: handed, reason: '成绩异常' }, admin)).code).toBe(0);
    const snap = await snapshot(examId);
    expect(rowOf(snap.rows, 'wangwu').status).toBe('voided');
    expect(rowOf(snap.rows, 'lisi').status).toBe('voided');
    expect(snap.counts.voided).toBe(2);
    const logs = await logsOf(examInvigilateVoid.path);
    expect(
      logs
        .filter((l) => l.success)
        .map((l) => (l.params as { reason: string }).reason)
        .sort(),
    ).toEqual(['成绩异常', '替考']);
  });
});

describe('live stream', () => {
  it('refuses the topic without a session or the tag, and sends the console a note of what happened', async () => {
    const examId = await newExam();
    const topics = [invigilateTopic(examId)];
    expect((await t.request(realtimeTicket, { topics })).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.request(realtimeTicket, { topics }, student)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.request(realtimeTicket, { topics }, bare)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.request(realtimeTicket, { topics: [invigilateTopic('nope')] }, admin)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await t.request(realtimeTicket, { topics: [`exam:${examId}:answers`] }, admin)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    // The old stream with the token in its URL is gone.
    const old = await t.app.inject({ method: 'GET', url: `/api/exam/invigilate/live?examId=${examId}&token=${admin}` });
    expect(old.statusCode).toBe(404);

    const s = await openTopics(t, viewer, topics);
    await s.until(/"type":"ready"/);
    const paperId = await start(student, examId);
    await t.request(examInvigilateMsg, { examId, userId: ids.student, content: '请坐好' }, admin);
    await s.until(/"type":"note".*请坐好/);
    await t.request(examInvigilateHand, { paperId, reason: '测试结束' }, admin);
    await drainEvents(t);
    await s.until(/强制收卷：测试结束/);
    await s.until(/交卷（监考强制收卷）/);
    s.close();
    const note = s.messages().find((m) => m.data.type === 'note');
    expect(note?.data).toMatchObject({ topic: invigilateTopic(examId), data: { examId, kind: 'msg' } });
    expect(s.text).not.toContain('about');
  });

  it('logs each counted page leave in the console feed, with its count and the learner, as the 切屏 column counts it', async () => {
    const examId = await newExam();
    const s = await openTopics(t, viewer, [invigilateTopic(examId)]);
    await s.until(/"type":"ready"/);
    const paperId = await start(student, examId);
    for (const kind of ['blur', 'fullscreen-exit'] as const) {
      const left = await t.request(paperPaperLeave, { paperId, kind }, student);
      expect(left.code, left.msg).toBe(0);
    }
    await drainEvents(t);
    await s.until(/切屏（第 2 次）/);
    s.close();
    const leaves = s.messages().filter((m) => m.data.type === 'note' && m.data.data.kind === 'leave');
    expect(leaves.map((m) => m.data.data.text)).toEqual(['切屏（第 1 次）', '切屏（第 2 次）']);
    expect(leaves[0].data.data).toMatchObject({ examId, userId: ids.student });
    expect(rowOf((await snapshot(examId)).rows, 'student').leaveCount).toBe(2);
  });
});
