/** 单选题 (type 1): radio options, one right. */
import { choiceParts } from '../parts';
import { choiceEditor, choicePreview, choiceRightAnswer, hasValue, RadioAnswer } from '../shared';
import type { WebKind } from '../types';

export const single: WebKind = {
  type: 1,
  parts: choiceParts,
  Editor: choiceEditor({}),
  Answer: RadioAnswer,
  rightAnswer: choiceRightAnswer,
  previewItems: 'lettered',
  previewAnswer: choicePreview,
  answered: hasValue,
};
