/**
 * Issuing certificates: one function used by the event consumers and by the administrator's batch.
 * Never twice for a (rule, learner, achievement): checked under the sequence lock and enforced by
 * the unique index el_cert_once_uq. Rendering is not done here (see cert-file.ts): issuing only
 * records, so a font or image problem can never lose a certificate.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { elCert, elCertRule, elCertTmpl, sysDepart, sysUser } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth.js';
import type { Db, Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { examTitles } from '../course/exam-titles.js';
import { holdsPass, passExists } from '../sitting/reads/others.js';
import { userScope } from '../system/data-scope.js';
import { formatCertNo, localYear, lockSequence, newVerifyCode, nextSequence } from './cert-number.js';
import { outsideHolder } from './holder-port.js';

export interface IssueInput {
  tmplId: string;
  ruleKey: string;
  achievementKey: string;
  userId: string;
  sourceKind: 'exam' | 'course' | 'manual';
  refId: string | null;
  achievement: string;
  score: number | null;
}

/** Adds whole months (calendar), keeping the time of day. */
export function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

/** Issues one certificate in the caller's transaction; false when it exists already (or cannot be). */
export async function issueCert(tx: Executor, input: IssueInput, now: Date, zone: string): Promise<boolean> {
  const [tmpl] = await tx.select().from(elCertTmpl).where(eq(elCertTmpl.id, input.tmplId));
  if (!tmpl) return false;
  const [user] = await tx
    .select({ realName: sysUser.realName, deptName: sysDepart.name })
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.id, sysUser.deptId))
    .where(and(eq(sysUser.id, input.userId), isNull(sysUser.deletedAt)));
  // Not an organisation user: a candidate of an exam's link (holder-port.ts), or nobody.
  const holder = user ?? (await outsideHolder(tx, input.userId));
  if (!holder) return false;
  const year = localYear(now, zone);
  await lockSequence(tx, year);
  const [existing] = await tx
    .select({ id: elCert.id })
    .from(elCert)
    .where(
      and(
        eq(elCert.ruleKey, input.ruleKey),
        eq(elCert.userId, input.userId),
        eq(elCert.achievementKey, input.achievementKey),
      ),
    );
  if (existing) return false;
  const seq = await nextSequence(tx, year);
  const rows = await tx
    .insert(elCert)
    .values({
      ...input,
      certNo: formatCertNo(tmpl.prefix, year, seq),
      verifyCode: newVerifyCode(),
      holderName: holder.realName,
      deptName: holder.deptName,
      issuedAt: now,
      validUntil: tmpl.validMonths > 0 ? addMonths(now, tmpl.validMonths) : null,
    })
    .onConflictDoNothing()
    .returning({ id: elCert.id });
  return rows.length > 0;
}

/** The consumer of exam.passed: every template whose rule names this exam. */
export async function issueForExamPass(
  tx: Executor,
  p: { userId: string; examId: string; score: number; passedAt: string },
  zone: string,
): Promise<number> {
  const rules = await tx
    .select({ id: elCertRule.id, tmplId: elCertRule.tmplId })
    .from(elCertRule)
    .where(and(eq(elCertRule.kind, 'exam'), eq(elCertRule.refId, p.examId)));
  if (rules.length === 0) return 0;
  const [exam] = await examTitles(tx, [p.examId]);
  let issued = 0;
  for (const rule of rules) {
    const ok = await issueCert(
      tx,
      {
        tmplId: rule.tmplId,
        ruleKey: rule.id,
        achievementKey: `exam:${p.examId}`,
        userId: p.userId,
        sourceKind: 'exam',
        refId: p.examId,
        achievement: `通过《${exam?.title ?? '考试'}》，成绩 ${p.score} 分`,
        score: p.score,
      },
      new Date(p.passedAt),
      zone,
    );
    if (ok) issued++;
  }
  return issued;
}

/** The consumer of course.completed. */
export async function issueForCourse(
  tx: Executor,
  p: { userId: string; courseId: string; completedAt: string; title?: string; hours?: number },
  zone: string,
): Promise<number> {
  const rules = await tx
    .select({ id: elCertRule.id, tmplId: elCertRule.tmplId })
    .from(elCertRule)
    .where(and(eq(elCertRule.kind, 'course'), eq(elCertRule.refId, p.courseId)));
  let issued = 0;
  const hours = p.hours != null ? `，${p.hours} 学时` : '';
  for (const rule of rules) {
    const ok = await issueCert(
      tx,
      {
        tmplId: rule.tmplId,
        ruleKey: rule.id,
        achievementKey: `course:${p.courseId}`,
        userId: p.userId,
        sourceKind: 'course',
        refId: p.courseId,
        achievement: `完成课程《${p.title ?? p.courseId}》${hours}`,
        score: null,
      },
      new Date(p.completedAt),
      zone,
    );
    if (ok) issued++;
  }
  return issued;
}

/** The administrator's batch: learners outside their data scope are refused, the rest issued at most once. */
export async function issueManual(
  db: Db,
  admin: AuthUser,
  body: { tmplId: string; userIds: string[]; achievement: string },
  now: Date,
  zone: string,
): Promise<{ issued: number; skipped: number }> {
  const userIds = [...new Set(body.userIds)];
  return db.transaction(async (tx) => {
    const [tmpl] = await tx.select({ id: elCertTmpl.id }).from(elCertTmpl).where(eq(elCertTmpl.id, body.tmplId));
    if (!tmpl) throw notFound('证书模板');
    const found = await tx
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(inArray(sysUser.id, userIds), isNull(sysUser.deletedAt), userScope(admin)));
    if (found.length !== userIds.length) throw notFound('学员');
    let issued = 0;
    for (const userId of userIds) {
      const input: IssueInput = {
        tmplId: body.tmplId,
        ruleKey: `manual:${body.tmplId}`,
        achievementKey: `manual:${body.achievement}`,
        userId,
        sourceKind: 'manual',
        refId: null,
        achievement: body.achievement,
        score: null,
      };
      if (await issueCert(tx, input, now, zone)) issued++;
    }
    return { issued, skipped: userIds.length - issued };
  });
}

/**
 * A certificate earned by passing an exam stands only while some finished, passing, non-voided
 * paper of that exam remains; otherwise it is revoked with `reason`. The consumers of paper.voided
 * and of paper.marked (a regrade that turned a pass into a fail) both come here; an ordinary failed
 * attempt finds either no certificate or an earlier pass that keeps it.
 */
export async function revokeWithoutPass(
  tx: Executor,
  p: { userId: string; examId: string | null },
  reason: string,
  at: Date,
): Promise<number> {
  if (!p.examId) return 0;
  if (await holdsPass(tx, p.examId, p.userId)) return 0;
  const done = await tx
    .update(elCert)
    .set({ revokedAt: at, revokeReason: reason.slice(0, 200) })
    .where(
      and(
        eq(elCert.sourceKind, 'exam'),
        eq(elCert.refId, p.examId),
        eq(elCert.userId, p.userId),
        isNull(elCert.revokedAt),
      ),
    )
    .returning({ id: elCert.id });
  return done.length;
}

/**
 * `revokeWithoutPass` for many (learner, exam) pairs in one statement (the outbox's batches). The
 * first revocation of a pair wins, as it would one call at a time (a revoked certificate is not
 * revoked again), so only the first item of each pair is used.
 */
export async function revokeManyWithoutPass(
  tx: Executor,
  items: { userId: string; examId: string | null; reason: string; at: Date }[],
): Promise<void> {
  const first = new Map<string, { u: string; e: string; r: string; at: string }>();
  for (const i of items) {
    const key = `${i.userId}\u0000${i.examId}`;
    if (i.examId && !first.has(key))
      first.set(key, { u: i.userId, e: i.examId, r: i.reason.slice(0, 200), at: i.at.toISOString() });
  }
  if (first.size === 0) return;
  await tx.execute(sql`update ${elCert} c set revoked_at = x.at, revoke_reason = x.r
    from jsonb_to_recordset(${JSON.stringify([...first.values()])}::jsonb) as x(u text, e text, r text, at timestamptz)
    where c.source_kind = 'exam' and c.ref_id = x.e and c.user_id = x.u and c.revoked_at is null
      and not ${passExists(sql`x.e`, sql`x.u`)}`);
}

/** The consumer of paper.voided. */
export const revokeForVoidedPaper = (
  tx: Executor,
  p: { userId: string; examId: string | null; reason: string },
  at: Date,
): Promise<number> => revokeWithoutPass(tx, p, `答卷已作废：${p.reason}`, at);

const failedReason = (score: number) => `成绩变更为 ${score} 分，未达到合格分`;

/** The consumer of paper.marked: a paper marked failed (after a regrade: once passed) may end the pass. */
export const revokeForFailedPaper = (
  tx: Executor,
  p: { userId: string; examId: string | null; score: number; passed: boolean },
  at: Date,
): Promise<number> => (p.passed ? Promise.resolve(0) : revokeWithoutPass(tx, p, failedReason(p.score), at));

/** `revokeForFailedPaper` for a batch of paper.marked events, in one statement. */
export const revokeForFailedPapers = (
  tx: Executor,
  events: { p: { userId: string; examId: string | null; score: number; passed: boolean }; at: Date }[],
): Promise<void> =>
  revokeManyWithoutPass(
    tx,
    events.filter((e) => !e.p.passed).map((e) => ({ ...e.p, reason: failedReason(e.p.score), at: e.at })),
  );

/**
 * `issueForExamPass` for a batch of exam.passed events: one query finds the exams that have a
 * certificate rule (most have none), and only their events go through the issuing one by one.
 */
export async function issueForExamPasses(
  tx: Executor,
  passes: { userId: string; examId: string; score: number; passedAt: string }[],
  zone: string,
): Promise<void> {
  if (passes.length === 0) return;
  const ruled = await tx
    .selectDistinct({ examId: elCertRule.refId })
    .from(elCertRule)
    .where(and(eq(elCertRule.kind, 'exam'), inArray(elCertRule.refId, [...new Set(passes.map((p) => p.examId))])));
  const withRule = new Set(ruled.map((r) => r.examId));
  for (const p of passes) if (withRule.has(p.examId)) await issueForExamPass(tx, p, zone);
}
