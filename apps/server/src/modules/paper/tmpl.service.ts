/**
 * Paper templates (试卷): fixed papers (questions by hand, a score each) and rule papers (drawn
 * for every attempt). Saving computes the total and checks that fixed questions exist and that
 * the banks of every rule hold enough questions, naming the short rule and by how many.
 */
import { ErrorCode, TmplKind, type TTmplDetail, type TTmplSave } from '@exam/contracts';
import { and, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { elPaperTmpl, elQu } from '../../db/schema/index.js';
import type { FixedSection, RuleSection, TmplSection } from '../../db/schema/paper.js';
import type { Db, Executor } from '../../platform/db.js';
import { AppError, badParams, conflict, notFound } from '../../platform/errors.js';
import { containing } from '../../platform/like.js';
import { paginateWith } from '../../platform/paging.js';
import { adminStems } from '../repo/question-reader.js';
import { formsSummary, requireBlueprint, sameBlueprint } from './blueprint.service.js';
import { templateExams } from './exam-port.js';
import { isBlueprintSection, isRuleSection, loadTmpl, ruleCandidates, ruleName } from './paper-build.js';
import { round2 } from './scoring.js';

type TmplRow = typeof elPaperTmpl.$inferSelect;

/** How many exams (not deleted) use each template (the ones that refuse its delete), through the exam port. */
async function examCounts(db: Executor, tmplIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const e of await templateExams()(db, tmplIds)) counts.set(e.tmplId, (counts.get(e.tmplId) ?? 0) + 1);
  return counts;
}

function toRecord(t: TmplRow, examCount: number) {
  return {
    id: t.id,
    title: t.title,
    kind: t.kind,
    totalScore: t.totalScore,
    quCount: t.quCount,
    remark: t.remark,
    examCount,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export async function tmplPaging(
  db: Db,
  params: { title?: string | null; kind?: number | null },
  current: number,
  size: number,
) {
  const where = and(
    isNull(elPaperTmpl.deletedAt),
    params.title ? ilike(elPaperTmpl.title, containing(params.title)) : undefined,
    params.kind ? eq(elPaperTmpl.kind, params.kind) : undefined,
  );
  return paginateWith(
    { current, size },
    db.select({ n: count() }).from(elPaperTmpl).where(where),
    db.select().from(elPaperTmpl).where(where).orderBy(desc(elPaperTmpl.createdAt)).$dynamic(),
    async (rows) => {
      const counts = await examCounts(
        db,
        rows.map((t) => t.id),
      );
      return rows.map((t) => toRecord(t, counts.get(t.id) ?? 0));
    },
  );
}

/** Checks the sections and answers them with the total score and question count. */
export async function checkSections(
  db: Db,
  input: TTmplSave,
): Promise<{ sections: TmplSection[]; total: number; count: number }> {
  if (input.kind === TmplKind.FIXED) {
    const sections: FixedSection[] = (input.fixedSections ?? []).map((s) => ({ title: s.title, items: s.items }));
    const ids = sections.flatMap((s) => s.items.map((i) => i.quId));
    if (new Set(ids).size !== ids.length) throw badParams('同一道题目不能重复加入试卷');
    const found = await db
      .select({ id: elQu.id })
      .from(elQu)
      .where(and(inArray(elQu.id, ids), isNull(elQu.deletedAt), isNull(elQu.parentId)));
    const missing = ids.length - found.length;
    if (missing > 0) throw badParams(`有${missing}道题目不存在或已被删除，请重新选择`);
    const total = sections.reduce((s, sec) => s + sec.items.reduce((a, i) => a + i.score, 0), 0);
    return { sections, total: round2(total), count: ids.length };
  }
  // Blueprint sections first: their questions are drawn first and the rules draw from the rest.
  const blueprint = input.blueprintSections?.length ? await requireBlueprint(db, input.blueprintSections) : [];
  const bpCount = blueprint.reduce((n, s) => n + s.cells.reduce((a, c) => a + c.count, 0), 0);
  const bpTotal = blueprint.reduce((n, s) => n + s.cells.reduce((a, c) => a + c.count * c.score, 0), 0);
  const sections: RuleSection[] = (input.ruleSections ?? []).map((r) => ({ ...r, level: r.level ?? 0 }));
  const shortages: string[] = [];
  for (const [i, rule] of sections.entries()) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(elQu)
      .where(ruleCandidates(rule));
    if (n < rule.count)
      shortages.push(`${ruleName(i, rule)}需要${rule.count}道，题库中仅有${n}道，还差${rule.count - n}道`);
  }
  if (shortages.length) throw new AppError(ErrorCode.BAD_PARAMS, `题库题目不足：${shortages.join('；')}`);
  const total = bpTotal + sections.reduce((s, r) => s + r.count * r.score, 0);
  return {
    sections: [...blueprint, ...sections],
    total: round2(total),
    count: bpCount + sections.reduce((s, r) => s + r.count, 0),
  };
}

/** Creates or updates a template; answers its id. */
export async function saveTmpl(db: Db, input: TTmplSave, userId: string): Promise<string> {
  const checked = await checkSections(db, input);
  const { total, count } = checked;
  let sections = checked.sections;
  if (input.id && sections.some(isBlueprintSection)) {
    // The parallel forms stay while the blueprint they were drawn to is unchanged.
    const [old] = await db
      .select({ sections: elPaperTmpl.sections })
      .from(elPaperTmpl)
      .where(and(eq(elPaperTmpl.id, input.id), isNull(elPaperTmpl.deletedAt)));
    if (old && sameBlueprint(old.sections, sections)) {
      const before = old.sections.filter(isBlueprintSection);
      let k = 0;
      sections = sections.map((s) =>
        isBlueprintSection(s) ? { ...before[k++], ...s, forms: before[k - 1].forms } : s,
      );
    }
  }
  const values = {
    title: input.title,
    kind: input.kind,
    remark: input.remark ?? null,
    sections,
    totalScore: total,
    quCount: count,
  };
  if (!input.id) {
    const [row] = await db
      .insert(elPaperTmpl)
      .values({ ...values, createdBy: userId })
      .returning({ id: elPaperTmpl.id });
    return row.id;
  }
  const [row] = await db
    .update(elPaperTmpl)
    .set(values)
    .where(and(eq(elPaperTmpl.id, input.id), isNull(elPaperTmpl.deletedAt)))
    .returning({ id: elPaperTmpl.id });
  if (!row) throw notFound('试卷');
  return row.id;
}

/** The template with the fixed questions' type, level and stem for the editor. */
export async function tmplDetail(db: Db, id: string): Promise<TTmplDetail> {
  const t = await loadTmpl(db, id);
  const n = (await examCounts(db, [id])).get(id) ?? 0;
  const fixed = t.sections.filter((s): s is FixedSection => 'items' in s);
  const ids = fixed.flatMap((s) => s.items.map((i) => i.quId));
  const qus = await adminStems(db, ids);
  const byId = new Map(qus.map((q) => [q.id, q]));
  return {
    ...toRecord(t, n),
    fixedSections: fixed.map((s) => ({
      title: s.title,
      items: s.items.map((i) => {
        const q = byId.get(i.quId);
        return {
          quId: i.quId,
          score: i.score,
          type: q?.type ?? null,
          level: q?.level ?? null,
          content: q?.content ?? null,
        };
      }),
    })),
    ruleSections: t.sections.filter(isRuleSection).map((r) => ({ ...r, quType: r.quType as 1, level: r.level as 0 })),
    blueprintSections: t.sections.filter(isBlueprintSection).map((s) => ({
      title: s.title,
      repoIds: s.repoIds,
      cells: s.cells.map((c) => ({ ...c, quType: c.quType as 1 })),
    })),
    forms: formsSummary(t.sections),
  };
}

/** Soft-deletes templates that no exam uses. */
export async function deleteTmpls(db: Db, ids: string[], now: Date): Promise<void> {
  const [used] = await templateExams()(db, ids);
  if (used) throw conflict(`试卷已被考试「${used.title}」使用，不能删除`);
  await db
    .update(elPaperTmpl)
    .set({ deletedAt: now })
    .where(and(inArray(elPaperTmpl.id, ids), isNull(elPaperTmpl.deletedAt)));
}
