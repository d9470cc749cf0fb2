/** The pieces the three choice kinds (single, multiple, true/false) share. */
import { OPTION_COLS, OPTION_KEYS, plainRich } from '../../kinds/shared.js';
import { parseChoiceAnswer } from '../../qu-text.js';
import type { InterQuestion } from '../model.js';
import type { KindFormats, MoodleSyntax, QtiSyntax } from './types.js';

export const choiceLayout = (trueFalse: boolean): NonNullable<KindFormats['layout']> => ({
  read: (q, p) => {
    const texts = trueFalse && p.options.length === 0 ? ['正确', '错误'] : p.options;
    const rights = p.answer.trim() ? parseChoiceAnswer(p.answer, trueFalse, texts) : [];
    if (rights === null) p.issue('答案', `答案“${p.answer}”无法识别，应填写选项字母`);
    q.options = texts.map((t, i) => ({ text: plainRich(t), right: Boolean(rights?.includes(OPTION_KEYS[i])) }));
    const unknown = rights?.filter((k) => OPTION_KEYS.indexOf(k) >= texts.length) ?? [];
    if (p.strictLetters && unknown.length) p.issue('答案', `答案中的选项${unknown.join('、')}不存在`);
  },
  write: (q, cells, rich) => {
    q.options.forEach((o, i) => {
      cells[OPTION_COLS[i]] = rich(o.text);
    });
    cells.答案 = q.options
      .map((o, i) => (o.right ? OPTION_KEYS[i] : ''))
      .filter(Boolean)
      .join('');
  },
});

/** A choice child of a composite as one cloze part (MULTICHOICE_V, or MULTIRESPONSE with weights). */
export const choiceCloze =
  (multiple: boolean) =>
  (c: InterQuestion, which: string, s: MoodleSyntax): string | { reason: string } => {
    const texts = c.options.map((o) => s.plainOption(o.text));
    if (texts.some((t) => t === null))
      return { reason: `${which}的选项含格式、公式或图片，Moodle 完形填空的选项只能是文字` };
    const n = c.options.filter((o) => o.right).length;
    const answers = c.options.map((o, k) => {
      const weight = multiple ? (o.right ? `%${Number((100 / n).toFixed(5))}%` : '%0%') : o.right ? '=' : '';
      return `${weight}${s.clozeEsc(texts[k] as string)}`;
    });
    return `${c.text}<p>{1:${multiple ? 'MULTIRESPONSE' : 'MULTICHOICE_V'}:${answers.join('~')}}</p>`;
  };

/** Moodle's multichoice, single or not. */
export const multichoice =
  (single: boolean) =>
  (q: InterQuestion, base: Record<string, unknown>, tags: Record<string, unknown>, s: MoodleSyntax) => {
    const n = q.options.filter((o) => o.right).length;
    const right = single ? '100' : String(Number((100 / n).toFixed(5)));
    return {
      '@_type': 'multichoice',
      ...base,
      single: single ? 'true' : 'false',
      shuffleanswers: 'true',
      answernumbering: 'ABCD',
      answer: q.options.map((o) => ({ '@_fraction': o.right ? right : '0', ...s.rich(o.text) })),
      ...tags,
    };
  };

/** QTI's choice interaction, single or multiple cardinality. */
export const choiceItem = (single: boolean) => (q: InterQuestion, body: string, s: QtiSyntax) => {
  const right = q.options.flatMap((o, i) => (o.right ? [`C${i + 1}`] : []));
  return {
    decls: s.declaration('RESPONSE', single ? 'single' : 'multiple', 'identifier', right),
    body:
      body +
      `<qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="${single ? 1 : 0}">${q.options.map((o, i) => s.choice('C', i, o.text)).join('')}</qti-choice-interaction>`,
  };
};
