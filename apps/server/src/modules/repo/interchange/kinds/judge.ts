/** 判断题 in every format: GIFT and Moodle have only 正确/错误 (true/false). */
import { QuestionType } from '@exam/contracts';
import { trueFalseValue } from '../formats/text-common.js';
import { choiceCloze, choiceItem, choiceLayout } from './choice.js';
import { type KindFormats, never } from './types.js';

export const judgeFormats: KindFormats = {
  type: QuestionType.JUDGE,
  layout: choiceLayout(true),
  gift: {
    cannot: (q) => (trueFalseValue(q) === null ? 'GIFT 的判断题只有 正确/错误 两个选项' : null),
    block: (q) => (trueFalseValue(q) ? 'TRUE' : 'FALSE'),
  },
  moodle: {
    cannot: (q) => (trueFalseValue(q) === null ? 'Moodle XML 的判断题只有 正确/错误 两个选项' : null),
    question: (q, base, tags) => {
      const value = trueFalseValue(q);
      return {
        '@_type': 'truefalse',
        ...base,
        answer: [
          { '@_fraction': value ? '100' : '0', '@_format': 'moodle_auto_format', text: 'true' },
          { '@_fraction': value ? '0' : '100', '@_format': 'moodle_auto_format', text: 'false' },
        ],
        ...tags,
      };
    },
    clozeChild: choiceCloze(false),
  },
  qti: { cannot: never, item: choiceItem(true) },
};
