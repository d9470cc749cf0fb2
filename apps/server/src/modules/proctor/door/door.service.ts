/**
 * The door of a proctored exam (远程监考入场): the notice and the learner's consent, the identity
 * check (an active liveness challenge of system/face, purpose 'door', subject the exam), the
 * failures and the request to be admitted, and the invigilator's admission. The exam's entry gate
 * asks `doorPassed` through exam/door-port.ts. README.md of this module gives the rules and why.
 */
import {
  ErrorCode,
  PROCTOR_DOOR_FAILURES,
  PROCTOR_OFF,
  type TChallenge,
  type TChallengeAction,
  type TChallengeStepResult,
  type TFrameReading,
  type TProctorNotice,
  type TProctorSetting,
} from '@exam/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { elProctorConsent, elProctorDoor, elProctorEvent, sysUser } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth.js';
import type { Db, Executor } from '../../../platform/db.js';
import { AppError, conflict, notFound } from '../../../platform/errors.js';
import { authorize } from '../../../platform/policy/index.js';
import { type ExamRow, entryRefusal, loadOpenExam } from '../../exam/exam-rules.js';
import { loadInvigilatedExam } from '../../exam/invigilate/invigilate-snapshot.js';
import type { ScopeHolder } from '../../system/data-scope.js';
import { type Analyse, answerStep, failChallenge, startChallenge } from '../../system/face/challenge.service.js';
import { enrolledDescriptor, similarity, storeDescriptor } from '../../system/face/face.service.js';
import { MATCH_THRESHOLD } from '../../system/face/face-rules.js';
import { userPolicy } from '../../system/user/user.policy.js';
import { noticeText } from './notice-text.js';

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

const settingOf = (exam: Pick<ExamRow, 'proctor'>): TProctorSetting => ({ ...PROCTOR_OFF, ...exam.proctor });

/** The exam, open to this learner and proctored; else the exam module's refusal or 10010007. */
async function proctoredExam(db: Executor, user: AuthUser, examId: string): Promise<ExamRow> {
  const exam = await loadOpenExam(db, examId, user);
  if (settingOf(exam).mode === 0) throw conflict('本场考试未开启远程监考');
  return exam;
}

async function doorRow(db: Executor, examId: string, userId: string) {
  const [row] = await db
    .select()
    .from(elProctorDoor)
    .where(and(eq(elProctorDoor.examId, examId), eq(elProctorDoor.userId, userId)));
  return row ?? null;
}

async function consentRow(db: Executor, examId: string, userId: string) {
  const [row] = await db
    .select()
    .from(elProctorConsent)
    .where(and(eq(elProctorConsent.examId, examId), eq(elProctorConsent.userId, userId)));
  return row ?? null;
}

/** The notice as the learner reads it, with their consent and door state. */
async function noticeOf(db: Executor, exam: ExamRow, userId: string): Promise<TProctorNotice> {
  const setting = settingOf(exam);
  const text = noticeText(setting);
  const consent = await consentRow(db, exam.id, userId);
  const consented = consent?.version === text.version;
  const door = await doorRow(db, exam.id, userId);
  return {
    examId: exam.id,
    title: exam.title,
    mode: setting.mode,
    modeLabel: text.modeLabel,
    collected: text.collected,
    purpose: text.purpose,
    retention: text.retention,
    viewers: text.viewers,
    version: text.version,
    consented,
    consentedAt: consented && consent ? consent.createdAt.toISOString() : null,
    enrolled: (await enrolledDescriptor(db, userId)) !== null,
    doorPassed: consented && Boolean(door?.passedAt),
    doorFailures: door?.failures ?? 0,
    admitRequested: Boolean(door?.admitRequestedAt) && !door?.passedAt,
  };
}

export async function proctorNotice(db: Db, user: AuthUser, examId: string): Promise<TProctorNotice> {
  return noticeOf(db, await proctoredExam(db, user, examId), user.id);
}

/** Records the consent to the notice's current version (a changed notice needs a new one). */
export async function proctorConsent(
  db: Db,
  user: AuthUser,
  body: { examId: string; version: string },
  meta: ClientMeta,
  now: Date,
): Promise<TProctorNotice> {
  const exam = await proctoredExam(db, user, body.examId);
  if (body.version !== noticeText(settingOf(exam)).version) throw conflict('监考告知已更新，请重新阅读后确认');
  const values = { version: body.version, ip: meta.ip, userAgent: meta.userAgent, createdAt: now };
  await db
    .insert(elProctorConsent)
    .values({ examId: exam.id, userId: user.id, ...values })
    .onConflictDoUpdate({ target: [elProctorConsent.examId, elProctorConsent.userId], set: values });
  return noticeOf(db, exam, user.id);
}

/** A new identity check at the door: consent first, within the exam's window, not yet passed. */
export async function doorChallenge(
  db: Db,
  user: AuthUser,
  examId: string,
  meta: ClientMeta,
  actions: readonly TChallengeAction[],
  now: Date,
): Promise<TChallenge> {
  const exam = await proctoredExam(db, user, examId);
  const refusal = entryRefusal(exam, now);
  if (refusal) throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, refusal);
  const notice = await noticeOf(db, exam, user.id);
  if (!notice.consented) throw conflict('请先阅读并同意监考告知');
  if (notice.doorPassed) throw conflict('您已通过身份核验，可以开始考试');
  return startChallenge(db, { purpose: 'door', subject: exam.id, userId: user.id, ip: meta.ip, actions }, now);
}

/** Adds one failure to the learner's door and its event. */
async function recordFailure(db: Db, examId: string, userId: string, reason: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(elProctorDoor)
      .values({ examId, userId, failures: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: [elProctorDoor.examId, elProctorDoor.userId],
        set: { failures: sql`${elProctorDoor.failures} + 1`, updatedAt: now },
      })
      .returning({ failures: elProctorDoor.failures });
    await tx.insert(elProctorEvent).values({ examId, userId, kind: 'door-failed', detail: reason, createdAt: now });
    return row.failures;
  });
}

/**
 * One step of the door's check. On the last passed step a learner without an enrolled face gets
 * the session's descriptor enrolled (the door is where they enrol), else it must match the
 * enrolled face. The answer never carries a descriptor or a similarity.
 */
export async function doorStep(
  db: Db,
  user: AuthUser,
  body: { challengeId: string; step: number; frames: string[]; readings?: TFrameReading[] | null },
  now: Date,
  options: { analyse?: Analyse; hasRoom?: () => boolean } = {},
): Promise<TChallengeStepResult> {
  const o = await answerStep(db, body.challengeId, body.step, body.frames, body.readings, {
    purpose: 'door',
    userId: user.id,
    now,
    ...options,
  });
  const examId = o.subject;
  const answer = (failures: number, over = o.over, passed = o.passed, reason = o.reason): TChallengeStepResult => ({
    passed,
    reason,
    done: passed && o.done,
    over,
    nextStep: passed ? o.nextStep : null,
    failures,
  });
  if (!o.passed) return answer(await recordFailure(db, examId, user.id, o.reason ?? '活体检测未通过', now));
  const door = await doorRow(db, examId, user.id);
  if (!o.done || !o.descriptor) return answer(door?.failures ?? 0);

  const enrolled = await enrolledDescriptor(db, user.id);
  const sim = enrolled ? similarity(o.descriptor, enrolled) : null;
  if (sim !== null && sim < MATCH_THRESHOLD) {
    await failChallenge(db, body.challengeId, '人脸不符');
    const reason = '人脸与已录入的人脸不符，请本人重新核验';
    return answer(await recordFailure(db, examId, user.id, reason, now), true, false, reason);
  }
  if (!enrolled) await storeDescriptor(db, user.id, o.descriptor, now);
  const passed = {
    passedAt: now,
    similarity: sim === null ? null : Number(sim.toFixed(4)),
    enrolledHere: !enrolled,
    updatedAt: now,
  };
  const detail = [
    enrolled ? `相似度 ${passed.similarity}` : '未录入人脸，本次核验时录入',
    o.serverChecked ? null : '服务器繁忙，按浏览器读数判定，未经服务器复核',
  ]
    .filter(Boolean)
    .join('；');
  await db.transaction(async (tx) => {
    await tx
      .insert(elProctorDoor)
      .values({ examId, userId: user.id, ...passed })
      .onConflictDoUpdate({ target: [elProctorDoor.examId, elProctorDoor.userId], set: passed });
    await tx.insert(elProctorEvent).values({ examId, userId: user.id, kind: 'door-passed', detail, createdAt: now });
  });
  return answer(door?.failures ?? 0);
}

/** After PROCTOR_DOOR_FAILURES failed checks the learner may ask the invigilator to admit them. */
export async function doorAdmitRequest(db: Db, user: AuthUser, examId: string, now: Date): Promise<TProctorNotice> {
  const exam = await proctoredExam(db, user, examId);
  const door = await doorRow(db, exam.id, user.id);
  if (door?.passedAt) throw conflict('您已通过身份核验，可以开始考试');
  if (!door || door.failures < PROCTOR_DOOR_FAILURES)
    throw conflict(`身份核验失败${PROCTOR_DOOR_FAILURES}次后才能请求监考员放行`);
  await db
    .update(elProctorDoor)
    .set({ admitRequestedAt: now, updatedAt: now })
    .where(and(eq(elProctorDoor.examId, exam.id), eq(elProctorDoor.userId, user.id)));
  return noticeOf(db, exam, user.id);
}

/** The invigilator admits a learner who asked (after the failures); the reason is kept and logged. */
export async function doorAdmit(
  db: Db,
  admin: ScopeHolder,
  body: { examId: string; userId: string; reason: string },
  now: Date,
): Promise<void> {
  const exam = await loadInvigilatedExam(db, admin, body.examId);
  // A candidate of the exam's link has no sys_user row and no department: the exam's invigilation
  // right covers them; an organisation learner must be inside the administrator's data scope.
  const [learner] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, body.userId));
  if (learner) await authorize(db, admin, userPolicy, 'actOn', { ids: [body.userId] });
  const [door] = await db
    .update(elProctorDoor)
    .set({ passedAt: now, admittedBy: admin.id, admitReason: body.reason, similarity: null, updatedAt: now })
    .where(
      and(
        eq(elProctorDoor.examId, exam.id),
        eq(elProctorDoor.userId, body.userId),
        isNotNull(elProctorDoor.admitRequestedAt),
      ),
    )
    .returning({ userId: elProctorDoor.userId });
  if (!door) throw notFound('放行请求');
  await db.insert(elProctorEvent).values({
    examId: exam.id,
    userId: body.userId,
    kind: 'door-admitted',
    detail: body.reason,
    actorId: admin.id,
    createdAt: now,
  });
}

/**
 * The exam's entry gate (exam/door-port.ts): consent to the current notice and a passed or
 * admitted door, in one statement. The pass holds for the exam's window: a learner who re-enters
 * an open paper is resumed before the gate, and a later try of the same window passes it again.
 */
export async function doorPassed(
  db: Executor,
  exam: { id: string; proctor: TProctorSetting },
  userId: string,
): Promise<boolean> {
  const version = noticeText(settingOf(exam)).version;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(elProctorDoor)
    .innerJoin(
      elProctorConsent,
      and(eq(elProctorConsent.examId, elProctorDoor.examId), eq(elProctorConsent.userId, elProctorDoor.userId)),
    )
    .where(
      and(
        eq(elProctorDoor.examId, exam.id),
        eq(elProctorDoor.userId, userId),
        isNotNull(elProctorDoor.passedAt),
        eq(elProctorConsent.version, version),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
