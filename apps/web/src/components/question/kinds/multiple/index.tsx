/** 多选题 (type 2): checkbox options, one or more right. */
import { choiceParts } from '../parts';
import { CheckboxAnswer, choiceEditor, choicePreview, choiceRightAnswer, hasValue } from '../shared';
import type { WebKind } from '../types';

export const multiple: WebKind = {
  type: 2,
  parts: choiceParts,
  Editor: choiceEditor({ multi: true }),
  Answer: CheckboxAnswer,
  rightAnswer: choiceRightAnswer,
  previewItems: 'lettered',
  previewAnswer: choicePreview,
  answered: hasValue,
};
