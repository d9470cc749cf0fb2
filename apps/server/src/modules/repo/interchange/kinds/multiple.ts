/** 多选题 in every format. */
import { QuestionType } from '@exam/contracts';
import { choiceCloze, choiceItem, choiceLayout, multichoice } from './choice.js';
import { type KindFormats, never } from './types.js';

export const multipleFormats: KindFormats = {
  type: QuestionType.MULTIPLE,
  layout: choiceLayout(false),
  gift: {
    cannot: never,
    block: (q, s) => {
      const n = q.options.filter((o) => o.right).length;
      return q.options.map((o) => `~${o.right ? s.weightOf(n) : '%-100%'}${s.esc(o.text)}`).join(' ');
    },
  },
  moodle: { cannot: never, question: multichoice(false), clozeChild: choiceCloze(true) },
  qti: { cannot: never, item: choiceItem(false) },
};
