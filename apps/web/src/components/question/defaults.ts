/** The editor's value of a question and the starting parts of each type. */
import type { TQuAnswer, TQuOption } from '@exam/contracts';

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

export const OPTION_KEYS = 'ABCDEFGH';
const p = (t: string) => `<p>${t}</p>`;

/** Fresh parts of a type (keeps the content). */
export function partsFor(type: number): Pick<QuForm, 'options' | 'answer' | 'children'> {
  switch (type) {
    case 1:
    case 2:
      return {
        options: [0, 1, 2, 3].map((i) => ({ key: OPTION_KEYS[i], content: '', isRight: false })),
        answer: {},
        children: [],
      };
    case 3:
      return {
        options: [
          { key: 'A', content: p('正确'), isRight: true },
          { key: 'B', content: p('错误'), isRight: false },
        ],
        answer: {},
        children: [],
      };
    case 4:
      return { options: [], answer: { reference: '', keywords: [] }, children: [] };
    case 5:
      return {
        options: [],
        answer: { blanks: [], caseSensitive: false, widthSensitive: false, orderMatters: true },
        children: [],
      };
    case 6:
      return {
        options: [],
        answer: {
          left: [
            { key: '1', content: '' },
            { key: '2', content: '' },
          ],
          right: [
            { key: 'A', content: '' },
            { key: 'B', content: '' },
            { key: 'C', content: '' },
          ],
          pairs: [],
        },
        children: [],
      };
    default:
      return { options: [], answer: {}, children: [] };
  }
}

export const newQuestion = (type: number): QuForm => ({ type, level: 1, content: '', analysis: '', ...partsFor(type) });

/** Number of blank nodes in editor HTML. */
export const blankCount = (html: string): number => (html.match(/data-blank=/g) ?? []).length;
