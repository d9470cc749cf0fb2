/**
 * Blueprint papers (智能组卷) for the organiser: the check of a blueprint against the banks (per
 * cell: available, needed, missing, before anything is saved) and the parallel forms A/B/… of a
 * saved one, each meeting the blueprint, with at most a set share of questions in common between
 * any two.
 */
import { ErrorCode, type TBlueprintCheckResult, type TBlueprintSection, type TFormsSummary } from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { elPaperTmpl } from '../../db/schema/index.js';
import type { BlueprintSection, TmplSection } from '../../db/schema/paper.js';
import type { Executor } from '../../platform/db.js';
import { AppError, badParams } from '../../platform/errors.js';
import { assignCells, drawFormsWithin, formLabel, overlapLimit, worstPair } from './blueprint.js';
import { cellName, type FlatCell, flatCells, isBlueprintSection, pointTitles, readPool } from './blueprint-pool.js';
import { loadTmpl } from './paper-build.js';
import { round2 } from './scoring.js';

const toSections = (input: TBlueprintSection[]): BlueprintSection[] =>
  input.map((s) => ({
    title: s.title,
    repoIds: s.repoIds,
    cells: s.cells.map((c) => ({ ...c, kpId: c.kpId ?? null })),
  }));

function describeShort(
  cells: FlatCell[],
  sections: TmplSection[],
  titles: Map<string, string>,
  short: number[],
  available: number[],
) {
  return cells
    .map((c, i) => {
      if (short[i] <= 0) return null;
      const shared = available[i] >= c.count ? '（符合的题目已被其他格用去）' : '';
      return `${cellName(c, sections[c.section].title, titles)}需要${c.count}道，可用${available[i]}道，还差${short[i]}道${shared}`;
    })
    .filter((x): x is string => x !== null);
}

/** Checks blueprint sections against the banks: the pool read once, the cells filled as a draw would. */
export async function checkBlueprint(db: Executor, input: TBlueprintSection[]): Promise<TBlueprintCheckResult> {
  const sections = toSections(input);
  const cells = flatCells(sections);
  const pool = await readPool(db, cells);
  const a = assignCells(cells, pool);
  const met = a.short.every((s) => s === 0);
  let message: string | null = null;
  if (!met) {
    const titles = await pointTitles(db, [...new Set(cells.flatMap((c) => (c.kpId ? [c.kpId] : [])))]);
    message = `题库题目不足：${describeShort(cells, sections, titles, a.short, a.available).join('；')}`;
  }
  return {
    met,
    message,
    cells: cells.map((c, i) => ({
      section: c.section,
      cell: c.cell,
      need: c.count,
      available: a.available[i],
      short: a.short[i],
    })),
    quCount: cells.reduce((n, c) => n + c.count, 0),
    totalScore: round2(cells.reduce((n, c) => n + c.count * c.score, 0)),
  };
}

/** The check as the save uses it: the sections, or the refusal naming each short cell. */
export async function requireBlueprint(db: Executor, input: TBlueprintSection[]): Promise<BlueprintSection[]> {
  const r = await checkBlueprint(db, input);
  if (!r.met) throw new AppError(ErrorCode.BAD_PARAMS, r.message ?? '题库题目不足');
  return toSections(input);
}

/** What the editor shows of a template's forms (null when it has none). */
export function formsSummary(sections: TmplSection[]): TFormsSummary | null {
  const bps = sections.filter(isBlueprintSection);
  const n = bps[0]?.forms?.length ?? 0;
  if (n === 0 || !bps.every((s) => s.forms?.length === n)) return null;
  const sets = Array.from({ length: n }, (_, f) => new Set(bps.flatMap((s) => (s.forms as string[][][])[f].flat())));
  return {
    labels: sets.map((_, i) => formLabel(i)),
    quCount: sets[0].size,
    maxShare: bps[0].formShare ?? 1,
    overlap: sets.map((a) => sets.map((b) => [...a].filter((id) => b.has(id)).length)),
  };
}

/** Whether two section lists have the same blueprint (forms kept across a save that changes nothing of it). */
export function sameBlueprint(a: TmplSection[], b: TmplSection[]): boolean {
  // Fields in a fixed order: jsonb does not keep the order of an object's keys.
  const strip = (list: TmplSection[]) =>
    JSON.stringify(
      list
        .filter(isBlueprintSection)
        .map((s) => [s.title, s.repoIds, s.cells.map((c) => [c.quType, c.kpId, c.band, c.count, c.score])]),
    );
  return strip(a) === strip(b);
}

/**
 * Generates `count` parallel forms of a saved blueprint paper (count 0 removes them), each meeting
 * the blueprint, two forms sharing at most `maxShare` of a form's questions; refused, with the
 * figures, when the banks cannot give that.
 */
export async function generateForms(
  db: Executor,
  id: string,
  count: number,
  maxShare: number,
): Promise<TFormsSummary | null> {
  const tmpl = await loadTmpl(db, id);
  if (!tmpl.sections.some(isBlueprintSection)) throw badParams('只有蓝图组卷（智能组卷）的试卷可以生成平行试卷');
  if (count === 1) throw badParams('平行试卷至少生成2套');
  let sections: TmplSection[];
  if (count === 0) {
    sections = tmpl.sections.map((s) =>
      isBlueprintSection(s) ? { title: s.title, repoIds: s.repoIds, cells: s.cells } : s,
    );
  } else {
    const cells = flatCells(tmpl.sections);
    const pool = await readPool(db, cells);
    const total = cells.reduce((n, c) => n + c.count, 0);
    const limit = overlapLimit(total, maxShare);
    const r = drawFormsWithin(cells, pool, count, limit);
    const shortForm = r.short.findIndex((s) => s.some((x) => x > 0));
    if (shortForm >= 0) {
      const titles = await pointTitles(db, [...new Set(cells.flatMap((c) => (c.kpId ? [c.kpId] : [])))]);
      const a = assignCells(cells, pool);
      throw badParams(
        `题库题目不足，无法按蓝图组成${formLabel(shortForm)}卷：${describeShort(cells, tmpl.sections, titles, r.short[shortForm], a.available).join('；')}`,
      );
    }
    const [i, j, shared] = worstPair(r.overlap);
    if (shared > limit)
      throw badParams(
        `无法生成${count}套共同题目不超过${Math.round(maxShare * 100)}%的平行试卷：题库中符合蓝图的题目不够，${formLabel(i)}卷与${formLabel(j)}卷至少有${shared}道相同（每套${total}道，上限${limit}道）。请减少套数、放宽重合比例或补充题目`,
      );
    sections = tmpl.sections.map((s, si) => {
      if (!isBlueprintSection(s)) return s;
      const mine = cells.map((c, ci) => [c, ci] as const).filter(([c]) => c.section === si);
      return {
        title: s.title,
        repoIds: s.repoIds,
        cells: s.cells,
        forms: r.forms.map((form) => mine.map(([, ci]) => form[ci])),
        formShare: maxShare,
      };
    });
  }
  await db
    .update(elPaperTmpl)
    .set({ sections })
    .where(and(eq(elPaperTmpl.id, id), isNull(elPaperTmpl.deletedAt)));
  return formsSummary(sections);
}
