/**
 * Paper templates (试卷模板).
 *
 * A template's `sections` (jsonb) are, for a fixed paper (kind 1),
 * `{ title, items: [{ quId, score }] }` and, for a rule paper (kind 2),
 * `{ title, repoIds, quType, level (0 = any), count, score }` (drawn afresh for every attempt), or a
 * blueprint `{ title, repoIds, cells: [{ quType, kpId, band, count, score }], forms?, formShare? }`
 * (paper/blueprint.ts: every cell met exactly; `forms` are the parallel forms' question ids, per
 * form per cell, when the organiser generated them).
 */
import { doublePrecision, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';

export interface FixedSection {
  title: string;
  items: { quId: string; score: number }[];
}
export interface RuleSection {
  title: string;
  repoIds: string[];
  quType: number;
  /** 0 any level, 1 ordinary, 2 hard. */
  level: number;
  count: number;
  score: number;
}
export interface BlueprintCell {
  quType: number;
  /** A knowledge point (its descendants count too), or null for any. */
  kpId: string | null;
  band: 'any' | 'easy' | 'medium' | 'hard';
  count: number;
  score: number;
}
export interface BlueprintSection {
  title: string;
  repoIds: string[];
  cells: BlueprintCell[];
  /** Parallel forms: question ids per form, per cell of this section. */
  forms?: string[][][];
  /** The bound the forms were generated to: share of a form's questions two forms may have in common. */
  formShare?: number;
}
export type TmplSection = FixedSection | RuleSection | BlueprintSection;

export const elPaperTmpl = pgTable(
  'el_paper_tmpl',
  {
    id: idColumn(),
    title: text('title').notNull(),
    /** 1 fixed (questions picked by hand), 2 rules (drawn for every attempt). */
    kind: smallint('kind').notNull(),
    remark: text('remark'),
    sections: jsonb('sections').$type<TmplSection[]>().notNull().default([]),
    totalScore: doublePrecision('total_score').notNull().default(0),
    quCount: integer('qu_count').notNull().default(0),
    createdBy: text('created_by'),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('el_paper_tmpl_title_idx').on(t.title)],
);
