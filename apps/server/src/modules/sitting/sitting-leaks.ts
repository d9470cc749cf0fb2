/**
 * Finds keys of the open paper in an answer body by their VALUES (test helper of the sitting-learner
 * rule): analysis texts, blank answers, short-answer references and keywords anywhere; the content
 * of a right option anywhere but as the plain `content` of an option; an option's content next to
 * a right flag; a question id next to a verdict or next to its set of right letters; a matching
 * pair of the bank or of the paper. Also tells whether a body holds question data at all.
 */
import type { SittingKit } from './sitting-kit.js';

interface Keys {
  texts: string[];
  rightContents: Set<string>;
  optionContents: Set<string>;
  rightKeySets: Map<string, string[][]>;
  pairs: { left: string; right: string }[][];
  locked: Set<string>;
  stems: string[];
}

const sorted = (a: string[]) => [...a].sort().join('|');

export function keysOf(kit: SittingKit): Keys {
  const texts = new Set<string>();
  const rightContents = new Set<string>();
  const optionContents = new Set<string>();
  const rightKeySets = new Map<string, string[][]>();
  const pairs: { left: string; right: string }[][] = [];
  const stems: string[] = [];
  const answerOf = (a: unknown) => a as Record<string, any>;
  const rows = [
    ...kit.bankRows.map((r) => ({
      quId: r.id,
      content: r.content,
      options: r.options,
      answer: r.answer,
      analysis: r.analysis,
    })),
    ...kit.paperRows.map((r) => ({
      quId: r.quId,
      content: r.content,
      options: r.options,
      answer: r.refAnswer,
      analysis: r.analysis,
    })),
  ];
  for (const r of rows) {
    stems.push(r.content.replace(/<[^>]+>/g, ''));
    if (r.analysis) texts.add(r.analysis);
    const a = answerOf(r.answer);
    for (const b of a.blanks ?? []) for (const s of b.answers ?? []) texts.add(s);
    if (a.reference) texts.add(a.reference);
    for (const k of a.keywords ?? []) texts.add(k.word);
    if (Array.isArray(a.pairs) && a.pairs.length) pairs.push(a.pairs);
    for (const o of r.options) {
      optionContents.add(o.content);
      if (o.isRight) rightContents.add(o.content);
    }
    const right = r.options.filter((o) => o.isRight).map((o) => o.key);
    if (right.length) rightKeySets.set(r.quId, [...(rightKeySets.get(r.quId) ?? []), right]);
  }
  stems.push(kit.outsideStem);
  return {
    texts: [...texts],
    rightContents,
    optionContents,
    rightKeySets,
    pairs,
    locked: new Set(kit.lockedIds),
    stems,
  };
}

/** Descriptions of the keys found in `body`; `verdictAsked` when the call named a locked question. */
export function findLeaks(body: unknown, keys: Keys, verdictAsked: boolean): string[] {
  const found: string[] = [];
  const text = JSON.stringify(body) ?? '';
  for (const k of keys.texts) if (text.includes(k)) found.push(`key text ${k}`);
  const visit = (v: unknown, key: string | null, parent: Record<string, unknown> | null) => {
    if (typeof v === 'string') {
      const plainOption = key === 'content' && parent && typeof parent.isRight !== 'boolean';
      if (!plainOption)
        for (const c of keys.rightContents) if (v.includes(c)) found.push(`right option ${c} in ${key}`);
      return;
    }
    if (Array.isArray(v)) {
      for (const x of v) visit(x, key, parent);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.isRight === 'boolean') {
      if (typeof o.content === 'string' && keys.optionContents.has(o.content)) found.push(`option flag ${o.content}`);
      if (verdictAsked) found.push('verdict on a locked question');
    }
    const lockedRef = Object.values(o).find((x): x is string => typeof x === 'string' && keys.locked.has(x));
    if (lockedRef) {
      if (typeof o.isRight === 'boolean') found.push(`verdict of ${lockedRef}`);
      for (const [name, x] of Object.entries(o)) {
        if (name === 'myAnswer' || !Array.isArray(x) || x.some((e) => typeof e !== 'string')) continue;
        if ((keys.rightKeySets.get(lockedRef) ?? []).some((set) => sorted(set) === sorted(x as string[])))
          found.push(`right letters of ${lockedRef} in ${name}`);
      }
    }
    for (const set of keys.pairs) {
      if (set.some((p) => o.left === p.left && o.right === p.right)) found.push(`matching pair ${o.left}-${o.right}`);
      if (set.length > 1 && set.every((p) => o[p.left] === p.right)) found.push('matching answer map');
    }
    for (const [name, x] of Object.entries(o)) visit(x, name, o);
  };
  visit(body, null, null);
  return [...new Set(found)];
}

/** Whether a body shows a question of the bank (a stem, or an option of the paper's questions). */
export function holdsQuestionData(body: unknown, keys: Keys): boolean {
  const text = JSON.stringify(body) ?? '';
  return keys.stems.some((s) => s && text.includes(s)) || [...keys.optionContents].some((c) => text.includes(c));
}
