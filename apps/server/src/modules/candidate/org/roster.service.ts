/**
 * Reading an exam's candidates for the organiser: one statement joins each candidate with its
 * latest paper of the exam (the sitting's lateral read) and filters by status, score range,
 * interview mark and a keyword on name or mobile. Lists mask the mobile and ID number; the detail
 * and the export give them whole, to an administrator the roster policy let in.
 */
import {
  CandidateStatus,
  maskIdNumber,
  maskMobile,
  type TCandidateDetail,
  type TCandidateRosterParams,
  type TCandidateRow,
} from '@exam/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { elCandidate, elExamOpenLink } from '../../../db/schema/index.js';
import type { Executor } from '../../../platform/db.js';
import { notFound } from '../../../platform/errors.js';
import { containing } from '../../../platform/like.js';
import { type PageOf, page } from '../../../platform/paging.js';
import { latestAttemptLateral } from '../../sitting/reads/candidate-side.js';

/** A candidate joined with its latest paper, fields unmasked (server side only). */
export interface RosterRow {
  id: string;
  name: string | null;
  mobile: string | null;
  idNumber: string | null;
  company: string | null;
  custom: Record<string, string>;
  status: number;
  score: number | null;
  totalScore: number | null;
  passed: boolean | null;
  startTime: Date | null;
  handTime: Date | null;
  usedSeconds: number | null;
  leaveCount: number;
  forcedHand: boolean;
  voided: boolean;
  interview: boolean;
  registeredAt: Date;
  convertedUserId: string | null;
  erased: boolean;
  ip: string | null;
  consentAt: Date;
  paperId: string | null;
}

/** The candidate's status from its latest paper's state (3 abandoned counts as handed in). */
const STATUS = sql`case when att.id is null then ${CandidateStatus.REGISTERED}
  when att.state = 0 then ${CandidateStatus.SITTING}
  when att.state = 2 then ${CandidateStatus.MARKED}
  else ${CandidateStatus.HANDED_IN} end`;

function whereOf(p: TCandidateRosterParams, onlyIds?: string[]): SQL {
  const parts: SQL[] = [sql`c.exam_id = ${p.examId}`];
  if (p.status != null) parts.push(sql`(${STATUS}) = ${p.status}`);
  if (p.scoreMin != null) parts.push(sql`att.state = 2 and att.user_score >= ${p.scoreMin}`);
  if (p.scoreMax != null) parts.push(sql`att.state = 2 and att.user_score <= ${p.scoreMax}`);
  if (p.interview != null) parts.push(sql`c.interview = ${p.interview}`);
  if (p.keyword) {
    const like = containing(p.keyword);
    parts.push(sql`(c.name ilike ${like} or c.mobile like ${like} or c.company ilike ${like})`);
  }
  if (onlyIds)
    parts.push(
      sql`c.id in (${sql.join(
        onlyIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return sql.join(parts, sql` and `);
}

const FROM = sql`from ${elCandidate} c left join ${latestAttemptLateral(sql`c.id`, sql`c.converted_user_id`, sql`c.exam_id`)} on true`;

type Raw = Record<string, unknown>;
const date = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const num = (v: unknown): number | null => (v == null ? null : Number(v));

function toRow(r: Raw): RosterRow {
  const start = date(r.start_time);
  const hand = date(r.hand_time);
  const marked = Number(r.status) === CandidateStatus.MARKED;
  return {
    id: String(r.id),
    name: (r.name as string | null) ?? null,
    mobile: (r.mobile as string | null) ?? null,
    idNumber: (r.id_number as string | null) ?? null,
    company: (r.company as string | null) ?? null,
    custom: (typeof r.custom === 'string' ? JSON.parse(r.custom) : (r.custom ?? {})) as Record<string, string>,
    status: Number(r.status),
    score: marked ? num(r.user_score) : null,
    totalScore: num(r.total_score),
    passed: marked ? Boolean(r.passed) : null,
    startTime: start,
    handTime: hand,
    usedSeconds: start && hand ? Math.round((hand.getTime() - start.getTime()) / 1000) : null,
    leaveCount: Number(r.leave_count ?? 0),
    forcedHand: Number(r.hand_kind) === 3,
    voided: Boolean(r.voided),
    interview: Boolean(r.interview),
    registeredAt: date(r.created_at) as Date,
    convertedUserId: (r.converted_user_id as string | null) ?? null,
    erased: r.erased_at != null,
    ip: (r.ip as string | null) ?? null,
    consentAt: date(r.consent_at) as Date,
    paperId: (r.paper_id as string | null) ?? null,
  };
}

const COLUMNS = sql`c.id, c.name, c.mobile, c.id_number, c.company, c.custom, c.interview, c.created_at,
  c.converted_user_id, c.erased_at, c.ip, c.consent_at, att.id as paper_id, att.user_score, att.total_score,
  att.passed, att.start_time, att.hand_time, att.leave_count, att.hand_kind, att.voided, ${STATUS} as status`;

/** Candidates matching the filters, newest registration first (all of them when no window). */
export async function rosterRows(
  db: Executor,
  p: TCandidateRosterParams,
  window?: { limit: number; offset: number },
  onlyIds?: string[],
): Promise<RosterRow[]> {
  const limit = window ? sql`limit ${window.limit} offset ${window.offset}` : sql``;
  const res = await db.execute(
    sql`select ${COLUMNS} ${FROM} where ${whereOf(p, onlyIds)} order by c.created_at desc, c.id ${limit}`,
  );
  return (res.rows as Raw[]).map(toRow);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The list's view of a row: mobile and ID number masked. */
export function maskedRow(r: RosterRow): TCandidateRow {
  return {
    id: r.id,
    name: r.name,
    mobile: maskMobile(r.mobile),
    idNumber: maskIdNumber(r.idNumber),
    company: r.company,
    status: r.status,
    score: r.score,
    totalScore: r.totalScore,
    passed: r.passed,
    startTime: iso(r.startTime),
    handTime: iso(r.handTime),
    usedSeconds: r.usedSeconds,
    leaveCount: r.leaveCount,
    forcedHand: r.forcedHand,
    voided: r.voided,
    interview: r.interview,
    registeredAt: r.registeredAt.toISOString(),
    convertedUserId: r.convertedUserId,
    erased: r.erased,
  };
}

/** One page of the list, masked. */
export async function pageRoster(
  db: Executor,
  p: TCandidateRosterParams,
  current: number,
  size: number,
): Promise<PageOf<TCandidateRow>> {
  const counted = await db.execute(sql`select count(*)::int as n ${FROM} where ${whereOf(p)}`);
  const total = Number((counted.rows as Raw[])[0]?.n ?? 0);
  const rows = await rosterRows(db, p, { limit: size, offset: (current - 1) * size });
  return page(rows.map(maskedRow), total, current, size);
}

/** The labels of the exam's custom fields, by key (the link's settings). */
export async function customLabels(db: Executor, examId: string): Promise<Map<string, string>> {
  const [link] = await db
    .select({ fields: elExamOpenLink.fields })
    .from(elExamOpenLink)
    .where(sql`${elExamOpenLink.examId} = ${examId}`);
  return new Map((link?.fields?.custom ?? []).map((f) => [f.key, f.label]));
}

/** One candidate of the exam unmasked; 10010003 when it is not the exam's. */
export async function candidateDetail(db: Executor, examId: string, id: string): Promise<TCandidateDetail> {
  const [row] = await rosterRows(db, { examId }, undefined, [id]);
  if (!row) throw notFound('考生');
  const labels = await customLabels(db, examId);
  return {
    ...maskedRow(row),
    mobile: row.mobile,
    idNumber: row.idNumber,
    custom: Object.entries(row.custom).map(([key, value]) => ({ label: labels.get(key) ?? key, value })),
    ip: row.ip,
    consentAt: row.consentAt.toISOString(),
  };
}
