/**
 * 组合题 in every format: the stem, its children questions of their own kinds. Only Moodle XML
 * holds it, as a cloze text with one `qu-child` block per child; the layouts write the children
 * as questions after the stem.
 */
import { QuestionType } from '@exam/contracts';
import { typeName } from '../formats/text-common.js';
import type { InterQuestion } from '../model.js';
import type { KindFormats, MoodleSyntax } from './types.js';

/**
 * The composite as a cloze (multianswer) text: the stem, then each child in a `qu-child` block,
 * as its kind writes itself in a cloze. Moodle's cloze holds choices of plain text and short or
 * numeric answers; what else a child is, is the reason it cannot.
 */
function cloze(q: InterQuestion, s: MoodleSyntax): { text: string } | { reason: string } {
  const out = [q.text];
  for (const [i, c] of q.children.entries()) {
    const which = `组合题的第${i + 1}道子题（${typeName[c.type] ?? c.type}）`;
    if (c.analysis) return { reason: `${which}有解析，Moodle 完形填空不能保存子题的解析` };
    const body = s.clozeChild(c, which);
    if (typeof body !== 'string') return body;
    out.push(`${s.childBlock}${body}</div>`);
  }
  return { text: out.join('') };
}

export const compositeFormats: KindFormats = {
  type: QuestionType.COMPOSITE,
  noAnswerLine: true,
  gift: { cannot: () => 'GIFT 不能表示组合题', block: () => '' },
  moodle: {
    cannot: (q, s) => {
      const c = cloze(q, s);
      return 'reason' in c ? c.reason : null;
    },
    question: (q, base, tags, s) => ({
      '@_type': 'cloze',
      ...base,
      questiontext: s.rich((cloze(q, s) as { text: string }).text),
      ...tags,
    }),
  },
  qti: { cannot: () => 'QTI 的单个试题不能表示组合题', item: (_q, body) => ({ decls: '', body }) },
};
