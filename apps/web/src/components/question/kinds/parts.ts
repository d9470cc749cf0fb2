/** Starting parts shared by kinds. */
import type { QuForm } from './types';

export const OPTION_KEYS = 'ABCDEFGH';

export const choiceParts = (): Pick<QuForm, 'options' | 'answer' | 'children'> => ({
  options: [0, 1, 2, 3].map((i) => ({ key: OPTION_KEYS[i], content: '', isRight: false })),
  answer: {},
  children: [],
});
