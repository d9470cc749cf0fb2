/** The editor's value of a question and the starting parts of each type. */
import type { TQuAnswer, TQuOption } from '@exam/contracts';
import { kindOf } from './kinds/registry';

export interface QuForm {
  id?: string | null;
  type: number;
  level: 1 | 2;
  content: string;
  analysis?: string | null;
  options: TQuOption[];
  answer: TQuAnswer;
  children?: QuForm[];
}

export { OPTION_KEYS } from './kinds/parts';

/** Fresh parts of a type (keeps the content), as its kind starts them. */
export function partsFor(type: number): Pick<QuForm, 'options' | 'answer' | 'children'> {
  return kindOf(type)?.parts() ?? { options: [], answer: {}, children: [] };
}

export const newQuestion = (type: number): QuForm => ({ type, level: 1, content: '', analysis: '', ...partsFor(type) });

/** Number of blank nodes in editor HTML. */
export const blankCount = (html: string): number => (html.match(/data-blank=/g) ?? []).length;
