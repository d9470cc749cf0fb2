/**
 * The organiser's side of an exam's link (公开链接): the switch, the fields, the SMS check, the
 * limits, the access code and the retention. The access code is kept as an argon2 hash and never
 * shown back; a renewed token retires the old link at once.
 */
import {
  DEFAULT_CANDIDATE_FIELDS,
  ErrorCode,
  type TCandidateLimits,
  type TOpenLink,
  type ZOpenLinkSaveSchema,
} from '@exam/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { elCandidate, elExam, elExamOpenLink } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { secretId } from '../../platform/ids.js';
import { hashPassword } from '../../platform/password.js';

type LinkRow = typeof elExamOpenLink.$inferSelect;

export const DEFAULT_LIMITS: TCandidateLimits = { onePer: 'mobile', cap: 0, invited: [] };

/** A link token: 24 random bytes, URL-safe. */
export const newLinkToken = () => secretId(18);

async function examExists(db: Executor, examId: string): Promise<void> {
  const [exam] = await db
    .select({ id: elExam.id })
    .from(elExam)
    .where(and(eq(elExam.id, examId), isNull(elExam.deletedAt)));
  if (!exam) throw notFound('考试');
}

async function registeredCount(db: Executor, examId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(elCandidate).where(eq(elCandidate.examId, examId));
  return row?.n ?? 0;
}

async function view(db: Executor, row: LinkRow): Promise<TOpenLink> {
  return {
    examId: row.examId,
    token: row.token,
    enabled: row.enabled,
    fields: row.fields,
    smsVerify: row.smsVerify,
    limits: row.limits,
    hasAccessCode: Boolean(row.accessCodeHash),
    retentionDays: row.retentionDays,
    consentText: row.consentText,
    registered: await registeredCount(db, row.examId),
  };
}

/** The exam's link settings; an exam never opened gets its (switched off) row with a token now. */
export async function linkDetail(db: Db, examId: string): Promise<TOpenLink> {
  await examExists(db, examId);
  const [row] = await db.select().from(elExamOpenLink).where(eq(elExamOpenLink.examId, examId));
  if (row) return view(db, row);
  const [made] = await db
    .insert(elExamOpenLink)
    .values({ examId, token: newLinkToken(), enabled: false, fields: DEFAULT_CANDIDATE_FIELDS, limits: DEFAULT_LIMITS })
    .onConflictDoNothing()
    .returning();
  if (made) return view(db, made);
  const [raced] = await db.select().from(elExamOpenLink).where(eq(elExamOpenLink.examId, examId));
  return view(db, raced);
}

export async function saveLink(db: Db, input: z.output<typeof ZOpenLinkSaveSchema>): Promise<TOpenLink> {
  await examExists(db, input.examId);
  const invited = [...new Set(input.limits.invited)];
  const accessCodeHash =
    input.accessCode === undefined || input.accessCode === null
      ? undefined
      : input.accessCode.trim() === ''
        ? null
        : await hashPassword(input.accessCode.trim());
  const values = {
    enabled: input.enabled,
    fields: input.fields,
    smsVerify: input.smsVerify,
    limits: { ...input.limits, invited },
    retentionDays: input.retentionDays,
    consentText: input.consentText?.trim() || null,
    ...(accessCodeHash !== undefined ? { accessCodeHash } : {}),
  };
  const [row] = await db
    .insert(elExamOpenLink)
    .values({ examId: input.examId, token: newLinkToken(), ...values })
    .onConflictDoUpdate({ target: elExamOpenLink.examId, set: values })
    .returning();
  if (!row) throw new AppError(ErrorCode.SERVER_ERROR, '保存失败');
  return view(db, row);
}

export async function renewLink(db: Db, examId: string): Promise<TOpenLink> {
  await linkDetail(db, examId);
  const [row] = await db
    .update(elExamOpenLink)
    .set({ token: newLinkToken() })
    .where(eq(elExamOpenLink.examId, examId))
    .returning();
  return view(db, row);
}
