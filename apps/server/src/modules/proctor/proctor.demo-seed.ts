/**
 * The demo of remote proctoring (DEMO_DATA=0 leaves it out): 远程监考演示考试, on the paper of
 * 技术部基础测验, with identity check and snapshots, open to everyone for a year. 孙七 has sat it:
 * consent, a passed door, snapshots during the exam (one with two faces, one with nobody at the
 * desk, a left window) and the flags they raised, so the console's timeline and 监考复核 show a
 * flagged attempt on a fresh start. The snapshots are scenes cut from the face pictures shipped in
 * the face engine's npm package (face-samples.ts), stored through the storage port like real ones.
 */
import {
  HandKind,
  PaperState,
  PROCTOR_OFF,
  type TProctorFlag,
  type TProctorSetting,
  type TSnapshotReason,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import {
  elExam,
  elPaper,
  elPaperQu,
  elPaperTmpl,
  elProctorConsent,
  elProctorDoor,
  elProctorEvent,
  elProctorRoom,
  elProctorSnapshot,
  sysUser,
} from '../../db/schema/index.js';
import type { TmplSection } from '../../db/schema/paper.js';
import type { SeedContext } from '../../db/seed/context.js';
import type { Tx } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import { buildPaperQuestions } from '../paper/paper-build.js';
import { handInTx } from '../sitting/hand-in.js';
import { sampleScene, VLADO } from '../system/face/face-samples.js';
import { noticeText } from './door/notice-text.js';
import { riskOf } from './room/risk-rules.js';

export const PROCTOR_DEMO_EXAM = '远程监考演示考试';
const PROCTOR_DEMO_LEARNER = 'sunqi';
const DAY = 86400_000;
const MINUTE = 60_000;
const DEMO_SETTING: TProctorSetting = { ...PROCTOR_OFF, mode: 2 };

/** The demo attempt's snapshots: minute of the exam, reason, the faces in the scene, the flag raised. */
const SNAPSHOTS: { minute: number; reason: TSnapshotReason; tiles: [number, number][]; flag?: TProctorFlag }[] = [
  { minute: 1, reason: 'random', tiles: [VLADO[0]] },
  { minute: 3, reason: 'random', tiles: [VLADO[1]] },
  { minute: 4, reason: 'faces', tiles: [VLADO[2], [3, 7]], flag: 'faces' },
  { minute: 6, reason: 'leave', tiles: [VLADO[3]], flag: 'leave' },
  { minute: 8, reason: 'no-face', tiles: [], flag: 'no-face' },
  { minute: 10, reason: 'random', tiles: [VLADO[4]] },
];

export async function seedDemoProctor(tx: Tx, ctx: SeedContext): Promise<void> {
  const [base] = await tx.select().from(elExam).where(eq(elExam.title, '技术部基础测验'));
  const [user] = await tx
    .select({ id: sysUser.id, deptId: sysUser.deptId })
    .from(sysUser)
    .where(eq(sysUser.userName, PROCTOR_DEMO_LEARNER));
  if (!base || !user) return;
  const [tmpl] = await tx.select().from(elPaperTmpl).where(eq(elPaperTmpl.id, base.tmplId));
  const [exam] = await tx
    .insert(elExam)
    .values({
      title: PROCTOR_DEMO_EXAM,
      content: '体验远程监考：开考前阅读并同意监考告知、完成人脸身份核验（按提示转头、眨眼），考试中摄像头随机抓拍。',
      tmplId: base.tmplId,
      openType: 1,
      startTime: new Date(ctx.now.getTime() - DAY),
      endTime: new Date(ctx.now.getTime() + 365 * DAY),
      duration: 20,
      passScore: base.passScore,
      tryLimit: 3,
      proctor: DEMO_SETTING,
      state: 1,
    })
    .returning();
  const start = new Date(ctx.now.getTime() - 2 * 3_600_000);
  const questions = await buildPaperQuestions(tx, tmpl.sections as TmplSection[], {
    shuffleQu: false,
    shuffleOpt: false,
  });
  const [paper] = await tx
    .insert(elPaper)
    .values({
      examId: exam.id,
      userId: user.id,
      deptId: user.deptId,
      title: exam.title,
      state: PaperState.IN_EXAM,
      startTime: start,
      deadline: new Date(start.getTime() + exam.duration * MINUTE),
      totalScore: tmpl.totalScore,
      passScore: exam.passScore,
    })
    .returning({ id: elPaper.id });
  await tx.insert(elPaperQu).values(
    questions.map((q, n) => ({
      ...q,
      paperId: paper.id,
      answer: q.options.find((o) => (n % 3 === 2 ? !o.isRight : o.isRight))?.key,
      answeredAt: new Date(start.getTime() + (n + 1) * MINUTE),
      seq: 1,
    })),
  );
  const before = new Date(start.getTime() - 2 * MINUTE);
  await tx
    .insert(elProctorConsent)
    .values({ examId: exam.id, userId: user.id, version: noticeText(DEMO_SETTING).version, createdAt: before });
  await tx.insert(elProctorDoor).values({
    examId: exam.id,
    userId: user.id,
    passedAt: new Date(start.getTime() - MINUTE),
    enrolledHere: true,
    updatedAt: start,
  });
  await tx.insert(elProctorEvent).values({
    examId: exam.id,
    userId: user.id,
    kind: 'door-passed',
    detail: '首次核验时录入人脸',
    createdAt: new Date(start.getTime() - MINUTE),
  });
  const flags: Partial<Record<TProctorFlag, number>> = {};
  for (const shot of SNAPSHOTS) {
    const id = newId();
    const at = new Date(start.getTime() + shot.minute * MINUTE);
    const image = sampleScene(shot.tiles);
    const key = `proctor/${exam.id}/${paper.id}/${id}.jpg`;
    const { size } = await ctx.blobs.put(key, image, { contentType: 'image/jpeg' });
    await tx.insert(elProctorSnapshot).values({
      id,
      paperId: paper.id,
      examId: exam.id,
      userId: user.id,
      source: 'main',
      reason: shot.reason,
      blobKey: key,
      bytes: size,
      faces: shot.tiles.length,
      takenAt: at,
      createdAt: at,
    });
    if (shot.flag) {
      flags[shot.flag] = (flags[shot.flag] ?? 0) + 1;
      await tx.insert(elProctorEvent).values({
        paperId: paper.id,
        examId: exam.id,
        userId: user.id,
        kind: shot.flag,
        snapshotId: id,
        createdAt: at,
      });
    }
  }
  const handAt = new Date(start.getTime() + 12 * MINUTE);
  await tx.insert(elProctorRoom).values({
    paperId: paper.id,
    examId: exam.id,
    userId: user.id,
    lastSnapshotAt: new Date(start.getTime() + 10 * MINUTE),
    risk: riskOf(flags).score,
    updatedAt: handAt,
  });
  await handInTx(tx, paper.id, handAt, HandKind.LEARNER);
}
