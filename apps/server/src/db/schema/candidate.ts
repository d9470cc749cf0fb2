/**
 * Candidates (考生): people without an account who sit an exam opened to them by a link
 * (招聘笔试, 知识竞赛). The exam's open-link settings and the candidates who registered through it.
 * A candidate is never a sys_user: its attempt is an ordinary el_paper whose user_id is the
 * candidate's id, and its session is a sys_token whose user_id is that id too (its token carries
 * the candidate prefix, so the token check resolves it here, confined to its exam: the candidate
 * module's README).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';

/** Which fields a candidate fills in, as the organiser set them (contracts ZCandidateFields). */
export interface CandidateFieldsColumn {
  name: 0 | 1 | 2;
  mobile: 0 | 1 | 2;
  idNumber: 0 | 1 | 2;
  company: 0 | 1 | 2;
  custom: {
    key: string;
    label: string;
    required: boolean;
    pattern: string | null;
    hint: string | null;
    options: string[];
  }[];
}

/** The link's limits (contracts ZCandidateLimits). */
export interface CandidateLimitsColumn {
  /** One candidate (so one attempt) per mobile or per ID number of the exam; null = no such limit. */
  onePer: 'mobile' | 'idNumber' | null;
  /** Candidates allowed in total; 0 = no cap. */
  cap: number;
  /** Only these mobiles may register; empty = anyone. */
  invited: string[];
}

/** One row per exam opened to candidates; the link is /candidate/<token>. */
export const elExamOpenLink = pgTable(
  'el_exam_open_link',
  {
    examId: text('exam_id').primaryKey(),
    /** Unguessable, in the link's URL; a new token retires the old link. */
    token: text('token').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    fields: jsonb('fields').$type<CandidateFieldsColumn>().notNull(),
    /** The mobile is verified by an SMS code before registering. */
    smsVerify: boolean('sms_verify').notNull().default(false),
    limits: jsonb('limits').$type<CandidateLimitsColumn>().notNull(),
    /** scrypt hash of the access code; null = no code. */
    accessCodeHash: text('access_code_hash'),
    /** The candidates' personal fields are erased this many days after the exam ends; 0 = kept. */
    retentionDays: integer('retention_days').notNull().default(0),
    /** What the candidate agrees to before registering (personal data notice). */
    consentText: text('consent_text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('el_exam_open_link_token_uq').on(t.token)],
);

/**
 * A candidate of one exam. `dedupeKey` is 'm:<mobile>' or 'i:<id number>' when the exam allows
 * one attempt per mobile or per ID number (null otherwise): the unique index makes parallel
 * registrations with one mobile give one candidate.
 */
export const elCandidate = pgTable(
  'el_candidate',
  {
    id: idColumn(),
    examId: text('exam_id').notNull(),
    name: text('name'),
    mobile: text('mobile'),
    idNumber: text('id_number'),
    company: text('company'),
    custom: jsonb('custom').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    dedupeKey: text('dedupe_key'),
    /** 0 registered, 1 started its paper (the rest is read from the paper). */
    status: smallint('status').notNull().default(0),
    /** Marked for interview by the organiser. */
    interview: boolean('interview').notNull().default(false),
    /** The attempt it sits (el_paper.user_id is this candidate's id). */
    paperId: text('paper_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When the candidate agreed to the personal data notice. */
    consentAt: tz('consent_at').notNull(),
    /** The learner account it became when hired; its attempt is kept. */
    convertedUserId: text('converted_user_id'),
    /** Set when retention erased the personal fields. */
    erasedAt: tz('erased_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('el_candidate_dedupe_uq').on(t.examId, t.dedupeKey),
    index('el_candidate_exam_idx').on(t.examId, t.createdAt),
    index('el_candidate_mobile_idx').on(t.examId, t.mobile),
    index('el_candidate_id_number_idx').on(t.examId, t.idNumber),
  ],
);
