/**
 * Turns a paper template into the question rows of one attempt (or of a preview): fixed sections
 * as picked, rule sections drawn afresh, composite questions with their children, each question's
 * options and key snapshotted by its kind (arranged when the exam says so; ordering items always,
 * uniformly over all orders: kinds/arrange.ts). Reads only; the caller inserts the rows.
 */
import { ErrorCode, QUESTION_TYPE_LABELS } from '@exam/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { elPaperTmpl } from '../../db/schema/index.js';
import type { BlueprintSection, FixedSection, RuleSection, TmplSection } from '../../db/schema/paper.js';
import type { Executor } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { isComposite, kindOf } from '../repo/kinds/registry.js';
import { shuffle } from '../repo/kinds/shared.js';
import { drawFrom, type QuestionRow, questionPool, ruleCandidates } from '../repo/question-pool.js';
import { assignCells, formOfLearner } from './blueprint.js';
import { flatCells, isBlueprintSection, readPool } from './blueprint-pool.js';
import { splitScore } from './scoring.js';

type QuRow = QuestionRow;

/** One row of el_paper_qu before its paper id is known. */
export interface BuiltQu {
  quId: string;
  parentQuId: string | null;
  sort: number;
  sectionIdx: number;
  sectionTitle: string;
  type: number;
  level: number;
  score: number;
  content: string;
  options: QuRow['options'];
  refAnswer: QuRow['answer'];
  analysis: string | null;
}

export interface BuildOptions {
  shuffleQu: boolean;
  shuffleOpt: boolean;
  /** The learner sitting the paper: picks their parallel form when the blueprint has forms. */
  learnerId?: string;
}

export const isRuleSection = (s: TmplSection): s is RuleSection => 'repoIds' in s && !('cells' in s);
export { isBlueprintSection };

/**
 * The questions of the blueprint sections, per section per cell: the learner's parallel form when
 * the organiser generated forms (no statement), else a fresh draw meeting every cell (one
 * statement for the pool of all cells), refused when the banks no longer hold enough.
 */
async function drawBlueprint(
  db: Executor,
  sections: TmplSection[],
  opts: BuildOptions,
): Promise<Map<number, string[][]>> {
  const out = new Map<number, string[][]>();
  const bps = sections
    .map((s, i) => [i, s] as const)
    .filter((e): e is [number, BlueprintSection] => isBlueprintSection(e[1]));
  if (bps.length === 0) return out;
  const n = bps[0][1].forms?.length ?? 0;
  if (n > 0 && opts.learnerId && bps.every(([, s]) => s.forms?.length === n)) {
    const f = formOfLearner(opts.learnerId, n);
    for (const [i, s] of bps) out.set(i, (s.forms as string[][][])[f]);
    return out;
  }
  const cells = flatCells(sections);
  const drawn = assignCells(cells, await readPool(db, cells));
  const short = drawn.short.filter((x) => x > 0).length;
  if (short > 0) {
    const missing = drawn.short.reduce((a, b) => a + b, 0);
    throw new AppError(
      ErrorCode.EXAM_NOT_AVAILABLE,
      `试卷蓝图中有${short}格题库题目不足（共差${missing}道），请联系管理员`,
    );
  }
  cells.forEach((c, i) => {
    const list = out.get(c.section) ?? [];
    list[c.cell] = drawn.picks[i];
    out.set(c.section, list);
  });
  return out;
}

/** Top-level questions of a rule in its banks (the template's check counts them). */
export { ruleCandidates };

/** Names a rule in messages: 第2条规则（单选题）. */
export const ruleName = (index: number, rule: Pick<RuleSection, 'quType' | 'title'>) =>
  `第${index + 1}条规则「${rule.title}·${QUESTION_TYPE_LABELS[rule.quType] ?? rule.quType}」`;

/** Builds the question rows of one attempt from a template's sections. */
export async function buildPaperQuestions(
  db: Executor,
  sections: TmplSection[],
  opts: BuildOptions,
): Promise<BuiltQu[]> {
  const picked: { sectionIdx: number; title: string; qus: { id: string; score: number }[] }[] = [];
  const blueprint = await drawBlueprint(db, sections, opts);
  const drawn: string[] = [...blueprint.values()].flat(2);
  for (const [idx, section] of sections.entries()) {
    if (isBlueprintSection(section)) {
      const perCell = blueprint.get(idx) ?? [];
      picked.push({
        sectionIdx: idx,
        title: section.title,
        qus: section.cells.flatMap((c, ci) => (perCell[ci] ?? []).map((id) => ({ id, score: c.score }))),
      });
    } else if (isRuleSection(section)) {
      const taken = new Set(drawn);
      let ids = drawFrom(await questionPool.candidates(db, section), section.count, taken);
      // Too few in memory: the bank may have gained questions since it was kept; ask it once more.
      if (ids.length < section.count)
        ids = drawFrom(await questionPool.candidates(db, section, true), section.count, taken);
      if (ids.length < section.count)
        throw new AppError(
          ErrorCode.EXAM_NOT_AVAILABLE,
          `${ruleName(idx, section)}题库中题目不足（需要${section.count}道，仅有${ids.length}道），请联系管理员`,
        );
      drawn.push(...ids);
      picked.push({
        sectionIdx: idx,
        title: section.title,
        qus: ids.map((id) => ({ id, score: section.score })),
      });
    } else {
      const s = section as FixedSection;
      picked.push({ sectionIdx: idx, title: s.title, qus: s.items.map((i) => ({ id: i.quId, score: i.score })) });
    }
  }
  const ids = picked.flatMap((p) => p.qus.map((q) => q.id));
  if (ids.length === 0) return [];
  // The drawn questions and a composite's parts: from the pool in memory, the ones it lacks in one read.
  const byId = await questionPool.rows(db, ids);

  const out: BuiltQu[] = [];
  const snapshot = (q: QuRow, score: number, sectionIdx: number, title: string, parent: string | null): BuiltQu => ({
    quId: q.id,
    parentQuId: parent,
    sort: out.length + 1,
    sectionIdx,
    sectionTitle: title,
    type: q.type,
    level: q.level,
    score,
    content: q.content,
    ...kindOf(q.type).snapshot(q.options, q.answer, opts.shuffleOpt),
    analysis: q.analysis,
  });
  for (const p of picked) {
    const list = opts.shuffleQu ? shuffle(p.qus) : p.qus;
    for (const item of list) {
      const kept = byId.get(item.id);
      if (!kept) continue;
      const q = kept.row;
      out.push(snapshot(q, item.score, p.sectionIdx, p.title, null));
      if (isComposite(q.type)) {
        const scores = splitScore(item.score, kept.children.length);
        kept.children.forEach((c, i) => {
          out.push(snapshot(c, scores[i], p.sectionIdx, p.title, q.id));
        });
      }
    }
  }
  return out;
}

export { shuffleRightColumn } from '../repo/kinds/matching/index.js';
export { letterAt, positional } from '../repo/kinds/shared.js';

/** Loads a template (not deleted) or throws 10010003. */
export async function loadTmpl(db: Executor, id: string) {
  const [tmpl] = await db
    .select()
    .from(elPaperTmpl)
    .where(and(eq(elPaperTmpl.id, id), isNull(elPaperTmpl.deletedAt)));
  if (!tmpl) throw new AppError(ErrorCode.NOT_FOUND, '试卷不存在或已被删除');
  return tmpl;
}
