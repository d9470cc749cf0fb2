/** 判断题 (type 3): 正确 / 错误, one right. */
import { choiceEditor, choicePreview, choiceRightAnswer, hasValue, RadioAnswer } from '../shared';
import type { WebKind } from '../types';

const p = (t: string) => `<p>${t}</p>`;

export const judge: WebKind = {
  type: 3,
  parts: () => ({
    options: [
      { key: 'A', content: p('正确'), isRight: true },
      { key: 'B', content: p('错误'), isRight: false },
    ],
    answer: {},
    children: [],
  }),
  Editor: choiceEditor({ fixed: true }),
  Answer: RadioAnswer,
  rightAnswer: choiceRightAnswer,
  previewItems: 'lettered',
  previewAnswer: choicePreview,
  answered: hasValue,
};
