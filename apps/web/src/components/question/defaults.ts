/** The editor's value of a question and the starting parts of each type. */
import { kindOf } from './kinds/registry';
import type { QuForm } from './kinds/types';

/** Fresh parts of a type (keeps the content), as its kind starts them. */
export function partsFor(type: number): Pick<QuForm, 'options' | 'answer' | 'children'> {
  return kindOf(type)?.parts() ?? { options: [], answer: {}, children: [] };
}

export const newQuestion = (type: number): QuForm => ({ type, level: 1, content: '', analysis: '', ...partsFor(type) });
