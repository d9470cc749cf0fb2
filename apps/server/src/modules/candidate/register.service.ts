/**
 * The candidate's side of the link: the landing page, the SMS code and the registration. The
 * registration is one transaction holding the link's row (FOR UPDATE), so the total cap and the
 * one-per-mobile/ID check see every registration before it; the unique index on (exam, dedupe_key)
 * is the last word should two ever meet. A mobile verified by its SMS code that registered before
 * gets its own candidate back (a lost session); without the code a second registration is refused,
 * so nobody takes another's attempt by typing their number.
 */
import {
  CandidateLinkState,
  checkCandidateValues,
  dedupeKeyOf,
  ErrorCode,
  ExamState,
  MOBILE_MESSAGE,
  MOBILE_PATTERN,
  type TCandidateLanding,
  type ZCandidateRegisterSchema,
} from '@exam/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { elCandidate, elExam, elExamOpenLink, elPaperTmpl } from '../../db/schema/index.js';
import { issueCandidateToken } from '../../platform/auth.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/password.js';
import { codeCheckError, consumeLoginCode, SMS_PURPOSE_CANDIDATE } from '../system/sms/sms.service.js';
import { captchaNeeded, countFailure, requireCaptcha } from './captcha.js';

export interface LinkAndExam {
  link: typeof elExamOpenLink.$inferSelect;
  exam: typeof elExam.$inferSelect;
}

const linkGone = () => new AppError(ErrorCode.NOT_FOUND, '考试链接无效或已关闭');

/** The enabled link of this token and its exam (not deleted, not a draft), else 10010003. */
export async function openLink(db: Executor, token: string, forUpdate = false): Promise<LinkAndExam> {
  const query = db
    .select({ link: elExamOpenLink, exam: elExam })
    .from(elExamOpenLink)
    .innerJoin(elExam, eq(elExam.id, elExamOpenLink.examId))
    .where(and(eq(elExamOpenLink.token, token), isNull(elExam.deletedAt), isNull(elExam.archivedAt)));
  const [row] = forUpdate ? await query.for('update', { of: elExamOpenLink }) : await query;
  if (!row?.link.enabled || row.exam.state === ExamState.DRAFT) throw linkGone();
  return row;
}

/** Where the link's exam stands at `now`: the window is the exam's. */
export function linkState(exam: LinkAndExam['exam'], now: Date): TCandidateLanding['state'] {
  if (exam.state === ExamState.CLOSED) return CandidateLinkState.CLOSED;
  if (now < exam.startTime) return CandidateLinkState.NOT_STARTED;
  if (now >= exam.endTime) return CandidateLinkState.ENDED;
  return CandidateLinkState.OPEN;
}

function assertOpen(exam: LinkAndExam['exam'], now: Date): void {
  const state = linkState(exam, now);
  if (state === 'not-started') throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '考试尚未开始，请在考试时间内进入');
  if (state === 'ended') throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '考试已结束');
  if (state === 'closed') throw new AppError(ErrorCode.EXAM_NOT_AVAILABLE, '考试已关闭');
}

export async function landing(db: Db, token: string, ip: string, now: Date): Promise<TCandidateLanding> {
  const { link, exam } = await openLink(db, token);
  const [tmpl] = await db
    .select({ totalScore: elPaperTmpl.totalScore })
    .from(elPaperTmpl)
    .where(eq(elPaperTmpl.id, exam.tmplId));
  return {
    examId: exam.id,
    title: exam.title,
    content: exam.content,
    cover: exam.cover,
    startTime: exam.startTime.toISOString(),
    endTime: exam.endTime.toISOString(),
    duration: exam.duration,
    totalScore: tmpl?.totalScore ?? null,
    passScore: exam.passScore,
    fullScreen: exam.fullScreen,
    leaveLimit: exam.leaveLimit,
    state: linkState(exam, now),
    fields: link.fields,
    smsVerify: link.smsVerify,
    needAccessCode: Boolean(link.accessCodeHash),
    invitedOnly: link.limits.invited.length > 0,
    consentText: link.consentText,
    captchaNeeded: await captchaNeeded(db, ip, now),
  };
}

/** Before an SMS code is sent: the link is open, its mobile check is on, the mobile invited. */
export async function assertMaySendCode(
  db: Db,
  secret: string,
  input: { token: string; mobile: string; captcha?: string | null },
  ip: string,
  now: Date,
): Promise<void> {
  const { link, exam } = await openLink(db, input.token);
  assertOpen(exam, now);
  if (!link.smsVerify) throw new AppError(ErrorCode.BAD_PARAMS, '本场考试无需短信验证');
  if (!MOBILE_PATTERN.test(input.mobile)) throw new AppError(ErrorCode.BAD_PARAMS, MOBILE_MESSAGE);
  await requireCaptcha(db, secret, ip, input.captcha, now);
  if (link.limits.invited.length > 0 && !link.limits.invited.includes(input.mobile)) {
    await countFailure(db, ip, now);
    throw notInvited();
  }
}

const notInvited = () => new AppError(ErrorCode.NO_PERMISSION, '该手机号不在本场考试的邀请名单中');

export type RegisterInput = z.output<typeof ZCandidateRegisterSchema>;

/**
 * Registers a candidate (or gives a verified mobile its own candidate back) and opens its session.
 * Checks in order: the link and its window, the captcha when the address needs one, the fields,
 * the access code, the invitation list, the SMS code; then, holding the link's row, the duplicate
 * and the cap. Every refusal a guesser could learn from counts a failure of the address.
 */
export async function register(
  db: Db,
  secret: string,
  input: RegisterInput,
  meta: { ip: string; userAgent: string | null },
  now: Date,
): Promise<{ token: string; examId: string; resumed: boolean }> {
  const { link, exam } = await openLink(db, input.token);
  assertOpen(exam, now);
  await requireCaptcha(db, secret, meta.ip, input.captcha, now);
  const checked = checkCandidateValues(link.fields, input);
  if (!checked.ok) throw new AppError(ErrorCode.BAD_PARAMS, checked.message);
  const values = checked.values;

  if (link.accessCodeHash && !(await verifyPassword(link.accessCodeHash, input.accessCode?.trim() ?? ''))) {
    await countFailure(db, meta.ip, now);
    throw new AppError(ErrorCode.EXAM_PASSWORD_WRONG, input.accessCode ? '访问码错误' : '请输入访问码');
  }
  if (link.limits.invited.length > 0 && !(values.mobile && link.limits.invited.includes(values.mobile))) {
    await countFailure(db, meta.ip, now);
    throw notInvited();
  }
  let verified = false;
  if (link.smsVerify) {
    if (!values.mobile) throw new AppError(ErrorCode.BAD_PARAMS, '请填写手机号');
    if (!input.smsCode) throw new AppError(ErrorCode.BAD_PARAMS, '请输入短信验证码');
    const check = await db.transaction((tx) =>
      consumeLoginCode(tx, values.mobile as string, input.smsCode as string, now, SMS_PURPOSE_CANDIDATE),
    );
    if (check.kind !== 'ok') {
      await countFailure(db, meta.ip, now);
      throw codeCheckError(check);
    }
    verified = true;
  }

  const dedupeKey = dedupeKeyOf(link.limits.onePer, values);
  const outcome = await registerHolding(db, link.examId, input.token, dedupeKey, verified, values, meta, now).catch(
    (err) => {
      // Only when two registrations met at the index despite the row lock (another instance's
      // transaction of a renewed token): the same answer as the duplicate check.
      if (isUniqueViolation(err)) return { kind: 'duplicate' as const };
      throw err;
    },
  );
  if (outcome.kind === 'duplicate') {
    await countFailure(db, meta.ip, now);
    throw new AppError(
      ErrorCode.DUPLICATE,
      link.limits.onePer === 'idNumber'
        ? '该身份证号已报名参加本场考试'
        : '该手机号已报名参加本场考试，请用短信验证码找回',
    );
  }
  if (outcome.kind === 'full') throw new AppError(ErrorCode.CONFLICT, '报名人数已满');
  const token = await issueCandidateToken(db, outcome.candidateId, exam.endTime, meta);
  return { token, examId: link.examId, resumed: outcome.kind === 'resumed' };
}

type Outcome = { kind: 'new' | 'resumed'; candidateId: string } | { kind: 'duplicate' } | { kind: 'full' };

async function registerHolding(
  db: Db,
  examId: string,
  token: string,
  dedupeKey: string | null,
  verified: boolean,
  values: ReturnType<typeof checkCandidateValues> extends infer R ? (R extends { values: infer V } ? V : never) : never,
  meta: { ip: string; userAgent: string | null },
  now: Date,
): Promise<Outcome> {
  return db.transaction(async (tx): Promise<Outcome> => {
    // Holds the link: registrations of this exam pass one at a time (the cap and the duplicate).
    const { link } = await openLink(tx, token, true);
    if (dedupeKey) {
      const [existing] = await tx
        .select({ id: elCandidate.id, mobile: elCandidate.mobile })
        .from(elCandidate)
        .where(and(eq(elCandidate.examId, examId), eq(elCandidate.dedupeKey, dedupeKey)));
      if (existing) {
        // The owner of a verified mobile gets its candidate back (its attempt continues).
        if (verified && existing.mobile === values.mobile) return { kind: 'resumed', candidateId: existing.id };
        return { kind: 'duplicate' };
      }
    }
    if (link.limits.cap > 0) {
      const [row] = await tx.select({ n: count() }).from(elCandidate).where(eq(elCandidate.examId, examId));
      if ((row?.n ?? 0) >= link.limits.cap) return { kind: 'full' };
    }
    const [made] = await tx
      .insert(elCandidate)
      .values({
        examId,
        name: values.name,
        mobile: values.mobile,
        idNumber: values.idNumber,
        company: values.company,
        custom: values.custom,
        dedupeKey,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        consentAt: now,
        createdAt: now,
      })
      .returning({ id: elCandidate.id });
    return { kind: 'new', candidateId: made.id };
  });
}
