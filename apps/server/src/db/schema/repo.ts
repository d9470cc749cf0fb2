/**
 * Question banks (题库) and questions of the seven types (SPEC 9). A question's type-specific
 * parts live in two JSON columns read whole with the question:
 * - `options` (types 1, 2, 3): [{ key: 'A', content, isRight }]
 * - `answer`: type 4 { reference, keywords: [{ word, weight }] };
 *   type 5 { blanks: [{ answers: string[] }], caseSensitive, widthSensitive, orderMatters };
 *   type 6 { left: [{ key, content }], right: [{ key, content }], pairs: [{ left, right }] }.
 * Composite questions (99) hold their children as rows with `parentId` set. Knowledge points are
 * links (repo-knowledge.ts el_qu_knowledge), the one place a question's points are kept.
 * Learners never receive `isRight`, `answer` or `analysis` while a paper is open (DESIGN 4).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';

export interface QuestionOption {
  key: string;
  content: string;
  isRight: boolean;
}

export type QuestionAnswer =
  | { reference: string; keywords: { word: string; weight: number }[] }
  | { blanks: { answers: string[] }[]; caseSensitive: boolean; widthSensitive: boolean; orderMatters: boolean }
  | {
      left: { key: string; content: string }[];
      right: { key: string; content: string }[];
      pairs: { left: string; right: string }[];
    }
  | { order: string[] }
  | Record<string, never>;

export const elRepo = pgTable(
  'el_repo',
  {
    id: idColumn(),
    code: text('code'),
    title: text('title').notNull(),
    /** Value of the repo category dictionary. */
    category: text('category'),
    remark: text('remark'),
    /** Learners may practise this bank (off by default: an exam bank should not hand out its answers). */
    practiceEnabled: boolean('practice_enabled').notNull().default(false),
    createdBy: text('created_by'),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('el_repo_title_idx').on(t.title),
    uniqueIndex('el_repo_code_uq').on(t.code).where(sql`${t.deletedAt} is null`),
  ],
);

export const elQu = pgTable(
  'el_qu',
  {
    id: idColumn(),
    /** 1 single, 2 multiple, 3 true/false, 4 short answer, 5 fill blank, 6 matching, 99 composite. */
    type: smallint('type').notNull(),
    /** 1 ordinary, 2 hard. */
    level: smallint('level').notNull().default(1),
    /** Sanitised rich text; fill-in blanks are `<span data-blank="n"></span>` nodes. */
    content: text('content').notNull(),
    analysis: text('analysis'),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    answer: jsonb('answer').$type<QuestionAnswer>().notNull().default({}),
    /** Parent composite question, for the children of type 99. */
    parentId: text('parent_id'),
    /** Position among the children of a composite. */
    sort: integer('sort').notNull().default(0),
    /**
     * Content fingerprint: md5 of the normalised stem and items (markup and whitespace
     * removed, lower-cased, items sorted), computed by PostgreSQL on every write (SQL function
     * el_qu_fingerprint, migration 0027_h21keys). The sitting lock locks a copy of a locked question
     * (typed again, imported twice, copied) by it. NULL for an empty question.
     */
    fingerprint: text('fingerprint').generatedAlwaysAs(sql`el_qu_fingerprint("content", "options", "answer")`),
    createdBy: text('created_by'),
    /** Soft delete: papers that used the question keep it. */
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('el_qu_parent_idx').on(t.parentId),
    index('el_qu_type_level_idx').on(t.type, t.level),
    index('el_qu_fingerprint_idx').on(t.fingerprint),
  ],
);

/** Which banks a question belongs to (one or more). Only top-level questions are linked. */
export const elQuRepo = pgTable(
  'el_qu_repo',
  {
    quId: text('qu_id').notNull(),
    repoId: text('repo_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.repoId, t.quId] }), index('el_qu_repo_qu_idx').on(t.quId)],
);
