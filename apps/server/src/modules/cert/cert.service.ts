/** Issued certificates: lists, detail, revocation, public verification. */
import type { TCert, TCertPagingParams, TCertStatus, TCertVerifyResult } from '@exam/contracts';
import { CERT_NO_PATTERN, ErrorCode, RoleType } from '@exam/contracts';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { elCert, elCertTmpl, sysUser } from '../../db/schema/index.js';
import { type AuthUser, assertPermission } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { AppError, badParams, conflict, notFound } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { paginate } from '../../platform/paging.js';
import { userScope } from '../system/data-scope.js';
import { maskName } from './cert-number.js';

export type CertRow = typeof elCert.$inferSelect;

export function statusOf(c: Pick<CertRow, 'revokedAt' | 'validUntil'>, now: Date): TCertStatus {
  if (c.revokedAt) return 'revoked';
  if (c.validUntil && c.validUntil.getTime() < now.getTime()) return 'expired';
  return 'valid';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRecord(c: CertRow, extra: { userName: string | null; tmplTitle: string | null }, now: Date): TCert {
  return {
    id: c.id,
    certNo: c.certNo,
    tmplId: c.tmplId,
    tmplTitle: extra.tmplTitle,
    userId: c.userId,
    userName: extra.userName,
    holderName: c.holderName,
    deptName: c.deptName,
    sourceKind: c.sourceKind as TCert['sourceKind'],
    refId: c.refId,
    achievement: c.achievement,
    issuedAt: c.issuedAt.toISOString(),
    validUntil: iso(c.validUntil),
    status: statusOf(c, now),
    revokedAt: iso(c.revokedAt),
    revokeReason: c.revokeReason,
  };
}

function filters(p: TCertPagingParams, now: Date): SQL[] {
  const where: SQL[] = [];
  if (p.keyword) {
    const k = containing(p.keyword);
    where.push(or(ilike(elCert.holderName, k), ilike(elCert.certNo, k)) as SQL);
  }
  if (p.tmplId) where.push(eq(elCert.tmplId, p.tmplId));
  if (p.examId) where.push(and(eq(elCert.sourceKind, 'exam'), eq(elCert.refId, p.examId)) as SQL);
  if (p.courseId) where.push(and(eq(elCert.sourceKind, 'course'), eq(elCert.refId, p.courseId)) as SQL);
  if (p.deptId) where.push(eq(sysUser.deptId, p.deptId));
  if (p.status === 'revoked') where.push(isNotNull(elCert.revokedAt));
  if (p.status === 'expired') where.push(and(isNull(elCert.revokedAt), lt(elCert.validUntil, now)) as SQL);
  if (p.status === 'valid')
    where.push(and(isNull(elCert.revokedAt), or(isNull(elCert.validUntil), gte(elCert.validUntil, now))) as SQL);
  return where;
}

async function list(db: Db, where: SQL | undefined, current: number, size: number, now: Date) {
  const base = () =>
    db
      .select({ c: elCert, userName: sysUser.userName, tmplTitle: elCertTmpl.title })
      .from(elCert)
      .leftJoin(sysUser, eq(sysUser.id, elCert.userId))
      .leftJoin(elCertTmpl, eq(elCertTmpl.id, elCert.tmplId));
  return paginate(
    { current, size },
    db.select({ n: count() }).from(elCert).leftJoin(sysUser, eq(sysUser.id, elCert.userId)).where(where),
    base().where(where).orderBy(desc(elCert.issuedAt), desc(elCert.id)).$dynamic(),
    (r) => toRecord(r.c, r, now),
  );
}

/** Administrators: within their data scope. */
export async function certPaging(
  db: Db,
  admin: AuthUser,
  p: TCertPagingParams,
  current: number,
  size: number,
  now: Date,
) {
  return list(db, and(userScope(admin, elCert.userId), ...filters(p, now)), current, size, now);
}

/** A learner's own certificates. */
export async function myCertPaging(db: Db, user: AuthUser, current: number, size: number, now: Date) {
  return list(db, eq(elCert.userId, user.id), current, size, now);
}

/**
 * A certificate the caller may see: their own (refused once revoked, to learners), or any within
 * the data scope of an administrator holding cert:cert:view.
 */
export async function readableCert(db: Db, user: AuthUser, id: string): Promise<CertRow> {
  const [row] = await db.select().from(elCert).where(eq(elCert.id, id));
  if (!row) throw notFound('证书');
  if (row.userId === user.id) {
    if (row.revokedAt && user.roleType !== RoleType.ADMIN) throw conflict('证书已撤销，不能下载');
    return row;
  }
  await assertPermission(db, user, 'cert:cert:view');
  const [inScope] = await db
    .select({ id: elCert.id })
    .from(elCert)
    .where(and(eq(elCert.id, id), userScope(user, elCert.userId)));
  if (!inScope) throw notFound('证书');
  return row;
}

export async function certDetail(db: Db, user: AuthUser, id: string, now: Date): Promise<TCert> {
  const row = await readableCert(db, user, id);
  const [extra] = await db
    .select({ userName: sysUser.userName, tmplTitle: elCertTmpl.title })
    .from(elCert)
    .leftJoin(sysUser, eq(sysUser.id, elCert.userId))
    .leftJoin(elCertTmpl, eq(elCertTmpl.id, elCert.tmplId))
    .where(eq(elCert.id, id));
  return toRecord(row, extra ?? { userName: null, tmplTitle: null }, now);
}

/** One atomic UPDATE: two administrators revoking at once give one revocation with one reason. */
export async function revokeCert(db: Db, admin: AuthUser, body: { id: string; reason: string }, now: Date) {
  const done = await db
    .update(elCert)
    .set({ revokedAt: now, revokeReason: body.reason, revokedBy: admin.id })
    .where(and(eq(elCert.id, body.id), isNull(elCert.revokedAt), userScope(admin, elCert.userId)))
    .returning({ id: elCert.id });
  if (done.length) return;
  const [row] = await db
    .select({ revokedAt: elCert.revokedAt })
    .from(elCert)
    .where(and(eq(elCert.id, body.id), userScope(admin, elCert.userId)));
  if (!row) throw notFound('证书');
  throw conflict('证书已撤销');
}

/**
 * Public: by the random verification code (the QR code's), or by number (any case) together with
 * the holder's full name. Numbers are sequential: a number alone, or with a wrong name, is not found
 *, with the same answer as an unknown number.
 */
export async function verifyCert(
  db: Db,
  keyword: string,
  holderName: string | null | undefined,
  now: Date,
): Promise<TCertVerifyResult> {
  const k = keyword.trim();
  const name = holderName?.trim() ?? '';
  const byNumber = name ? and(eq(elCert.certNo, k.toUpperCase()), eq(elCert.holderName, name)) : undefined;
  const [row] = await db
    .select({ c: elCert, tmplTitle: elCertTmpl.title, issuerName: elCertTmpl.issuerName })
    .from(elCert)
    .leftJoin(elCertTmpl, eq(elCertTmpl.id, elCert.tmplId))
    .where(byNumber ? or(eq(elCert.verifyCode, k), byNumber) : eq(elCert.verifyCode, k))
    .limit(1);
  // A printed number alone (or the link printed on it) asks for the name, whether or not the number
  // exists: numbers are sequential, so this tells nothing a guesser could use.
  if (!row && !name && CERT_NO_PATTERN.test(k)) throw badParams('持证人姓名：按证书编号查询时请填写持证人姓名');
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '未找到该证书，请核对验证码，或证书编号与持证人姓名');
  const c = row.c;
  return {
    certNo: c.certNo,
    holderName: maskName(c.holderName),
    tmplTitle: row.tmplTitle,
    issuerName: row.issuerName ?? null,
    achievement: c.achievement,
    issuedAt: c.issuedAt.toISOString(),
    validUntil: iso(c.validUntil),
    status: statusOf(c, now),
    revokeReason: c.revokeReason,
  };
}
