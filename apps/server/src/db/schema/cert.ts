/**
 * Certificates (证书): templates with their automatic issuing rules, issued certificates
 * and the yearly number sequence.
 *
 * - `el_cert.rule_key` is the rule that issued it (`el_cert_rule.id`, or `manual:<tmplId>` for a
 *   hand issue) and `achievement_key` what it is for (`exam:<id>`, `course:<id>`, `manual:<text>`):
 *   the unique index on (rule_key, user_id, achievement_key) means never twice, whoever races.
 * - `file_path` caches the rendered PDF; null means render on the next preview/download.
 */
import { doublePrecision, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';

export interface CertFieldRow {
  kind: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
  color: string;
  align: 'left' | 'center' | 'right';
  text?: string | null;
}

export const elCertTmpl = pgTable('el_cert_tmpl', {
  id: idColumn(),
  title: text('title').notNull(),
  /** 'landscape' or 'portrait' A4. */
  orientation: text('orientation').notNull().default('landscape'),
  bgFileId: text('bg_file_id'),
  /** The organisation that issues: printed by an 'issuer' field and shown by the public verification. */
  issuerName: text('issuer_name'),
  /** The seal image (PNG/JPEG) a 'seal' field places on the page. */
  sealFileId: text('seal_file_id'),
  /** A built-in border drawn as vectors (CERT_BORDERS); 'none' leaves the page plain. */
  border: text('border').notNull().default('none'),
  prefix: text('prefix').notNull().default('CERT'),
  /** 0 = no end of validity. */
  validMonths: integer('valid_months').notNull().default(0),
  fields: jsonb('fields').$type<CertFieldRow[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const elCertRule = pgTable(
  'el_cert_rule',
  {
    id: idColumn(),
    tmplId: text('tmpl_id').notNull(),
    /** 'exam' or 'course'. */
    kind: text('kind').notNull(),
    refId: text('ref_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('el_cert_rule_uq').on(t.tmplId, t.kind, t.refId),
    index('el_cert_rule_ref_idx').on(t.kind, t.refId),
  ],
);

export const elCert = pgTable(
  'el_cert',
  {
    id: idColumn(),
    certNo: text('cert_no').notNull(),
    /** Random, unguessable; what the QR code's URL carries. */
    verifyCode: text('verify_code').notNull(),
    tmplId: text('tmpl_id').notNull(),
    ruleKey: text('rule_key').notNull(),
    achievementKey: text('achievement_key').notNull(),
    userId: text('user_id').notNull(),
    /** Snapshots at issue: the certificate states what was true that day. */
    holderName: text('holder_name').notNull(),
    deptName: text('dept_name'),
    /** 'exam', 'course' or 'manual'. */
    sourceKind: text('source_kind').notNull(),
    refId: text('ref_id'),
    achievement: text('achievement').notNull(),
    score: doublePrecision('score'),
    issuedAt: tz('issued_at').notNull(),
    validUntil: tz('valid_until'),
    revokedAt: tz('revoked_at'),
    revokeReason: text('revoke_reason'),
    revokedBy: text('revoked_by'),
    filePath: text('file_path'),
    /** Render attempts that failed; the next download tries again. */
    renderFailures: smallint('render_failures').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('el_cert_once_uq').on(t.ruleKey, t.userId, t.achievementKey),
    uniqueIndex('el_cert_no_uq').on(t.certNo),
    uniqueIndex('el_cert_code_uq').on(t.verifyCode),
    index('el_cert_user_idx').on(t.userId),
    index('el_cert_tmpl_idx').on(t.tmplId),
    index('el_cert_ref_idx').on(t.sourceKind, t.refId),
  ],
);

/** Last number given per year: CERT-2026-000123 takes 123 from the 2026 row, under its row lock. */
export const elCertSeq = pgTable('el_cert_seq', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});
