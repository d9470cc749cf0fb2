/**
 * The pool of a template's blueprint sections, read in ONE statement for all their cells (the
 * start of an attempt pays one statement for a blueprint paper, whatever its number of cells):
 * every top-level question of the sections' banks whose kind some cell asks for, with its band
 * (repo/difficulty-band.ts, measured difficulty from el_qu_stat when known) and the paths of its
 * knowledge points. Which cells a question may fill is then decided here, in memory.
 */
import { QUESTION_TYPE_LABELS } from '@exam/contracts';
import { asc, inArray, sql } from 'drizzle-orm';
import { elKnowledgePoint, elQu, elQuKnowledge, elQuRepo, elQuStat } from '../../db/schema/index.js';
import type { BlueprintCell, BlueprintSection, TmplSection } from '../../db/schema/paper.js';
import type { Executor } from '../../platform/db.js';
import { difficultyBandSql } from '../repo/difficulty-band.js';
import type { PoolEntry } from './blueprint.js';

export const isBlueprintSection = (s: TmplSection): s is BlueprintSection => 'cells' in s;

/** Every cell of every blueprint section, numbered across sections (one draw fills them all together). */
export interface FlatCell extends BlueprintCell {
  section: number;
  cell: number;
  repoIds: string[];
}

export function flatCells(sections: TmplSection[]): FlatCell[] {
  const out: FlatCell[] = [];
  sections.forEach((s, section) => {
    if (!isBlueprintSection(s)) return;
    s.cells.forEach((c, cell) => {
      out.push({ ...c, section, cell, repoIds: s.repoIds });
    });
  });
  return out;
}

/** A question as the cells see it. */
export interface PoolQu {
  type: number;
  band: string;
  /** The question's banks among the cells' (null when every cell takes the same banks). */
  repos: string[] | null;
  paths: string[] | null;
}
type PoolRow = PoolQu & { id: string } & Record<string, unknown>;

/** Whether a question falls under a cell: kind, band (or any), one of the cell's banks, the point or below it. */
export function fallsUnder(q: PoolQu, c: FlatCell): boolean {
  if (q.type !== c.quType) return false;
  if (c.band !== 'any' && q.band !== c.band) return false;
  if (q.repos && !c.repoIds.some((r) => (q.repos as string[]).includes(r))) return false;
  if (c.kpId && !(q.paths ?? []).some((p) => p.includes(`/${c.kpId}/`))) return false;
  return true;
}

/** Reads the pool of the cells (one statement) and answers which cells each question may fill. */
export async function readPool(db: Executor, cells: FlatCell[]): Promise<PoolEntry[]> {
  if (cells.length === 0) return [];
  const repoIds = [...new Set(cells.flatMap((c) => c.repoIds))];
  const types = [...new Set(cells.map((c) => c.quType))];
  const withPoints = cells.some((c) => c.kpId);
  // One bank set for every cell (the usual case): each candidate is in it, no per-question list needed.
  const oneBankSet = cells.every((c) => c.repoIds.length === repoIds.length);
  const res = await db.execute<PoolRow>(sql`select q.id, q.type,
      ${difficultyBandSql(sql`s.difficulty`, sql`q.level`)} as band,
      ${
        oneBankSet
          ? sql`null::text[]`
          : sql`array(select r.repo_id from ${elQuRepo} r where r.qu_id = q.id and r.repo_id in ${repoIds})`
      } as repos,
      ${withPoints ? sql`array_agg(k.path) filter (where k.path is not null)` : sql`null::text[]`} as paths
    from ${elQu} q left join ${elQuStat} s on s.qu_id = q.id
      ${withPoints ? sql`left join ${elQuKnowledge} qk on qk.qu_id = q.id left join ${elKnowledgePoint} k on k.id = qk.kp_id` : sql``}
    where q.deleted_at is null and q.parent_id is null and q.type in ${types}
      and exists (select 1 from ${elQuRepo} r where r.qu_id = q.id and r.repo_id in ${repoIds})
    group by q.id, q.type, q.level, s.difficulty`);
  const pool: PoolEntry[] = [];
  for (const row of res.rows) {
    const q = { ...row, type: Number(row.type) };
    const under: number[] = [];
    cells.forEach((c, i) => {
      if (fallsUnder(q, c)) under.push(i);
    });
    if (under.length) pool.push({ id: row.id, cells: under });
  }
  return pool;
}

const BAND_NAMES: Record<string, string> = { easy: '易', medium: '中', hard: '难' };

/** Names a cell in messages: 第1大题「安全」·单选题·消防·中. */
export function cellName(c: FlatCell, sectionTitle: string, kpTitles: Map<string, string>): string {
  const parts = [
    `第${c.section + 1}大题「${sectionTitle}」`,
    QUESTION_TYPE_LABELS[c.quType] ?? String(c.quType),
    c.kpId ? (kpTitles.get(c.kpId) ?? '（知识点已删除）') : '不限知识点',
    BAND_NAMES[c.band] ?? '不限难度',
  ];
  return parts.join('·');
}

/** The titles of the cells' knowledge points, for messages and the editor. */
export async function pointTitles(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: elKnowledgePoint.id, title: elKnowledgePoint.title })
    .from(elKnowledgePoint)
    .where(inArray(elKnowledgePoint.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The knowledge points a cell can name, in path order with their depth (the editor's picker). */
export async function blueprintPoints(db: Executor) {
  const rows = await db
    .select({
      id: elKnowledgePoint.id,
      parentId: elKnowledgePoint.parentId,
      title: elKnowledgePoint.title,
      path: elKnowledgePoint.path,
    })
    .from(elKnowledgePoint)
    .orderBy(asc(elKnowledgePoint.path));
  return rows.map((r) => ({ id: r.id, parentId: r.parentId, title: r.title, depth: r.path.split('/').length - 3 }));
}
