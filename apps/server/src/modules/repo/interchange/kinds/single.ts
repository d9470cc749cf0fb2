/** 单选题 in every format. */
import { QuestionType } from '@exam/contracts';
import { choiceCloze, choiceItem, choiceLayout, multichoice } from './choice.js';
import { type KindFormats, never } from './types.js';

export const singleFormats: KindFormats = {
  type: QuestionType.SINGLE,
  layout: choiceLayout(false),
  gift: { cannot: never, block: (q, s) => q.options.map((o) => `${o.right ? '=' : '~'}${s.esc(o.text)}`).join(' ') },
  aiken: true,
  moodle: { cannot: never, question: multichoice(true), clozeChild: choiceCloze(false) },
  qti: { cannot: never, item: choiceItem(true) },
};
