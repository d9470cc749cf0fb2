/** 多选题 (type 2): checkbox options, one or more right. */

import { deferred } from '../lazy-editors';
import { choiceParts } from '../parts';
import { CheckboxAnswer, choiceEditor, choicePreview, choiceRightAnswer, hasValue } from '../shared';
import type { KindSettingsProps, WebKind } from '../types';

const Settings = deferred<KindSettingsProps>(() => import('./Settings'));

export const multiple: WebKind = {
  type: 2,
  parts: choiceParts,
  Editor: choiceEditor({ multi: true }),
  Answer: CheckboxAnswer,
  rightAnswer: choiceRightAnswer,
  previewItems: 'lettered',
  previewAnswer: choicePreview,
  Settings,
  answered: hasValue,
};
