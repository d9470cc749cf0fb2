/**
 * A question picked from the bank list, as the paper editor's section table holds it: `content` is
 * HTML there (what the saved paper answers), so the list's plain summary, whose formulas are
 * written `$latex$`, becomes the same one-line HTML with formula spans that KaTeX draws.
 */
import type { TQuListItem } from '@exam/contracts';
import { summaryLineHtml } from '../../../../../components/question/line-html';
import type { PickedQu } from './QuestionPicker';

export const pickedItem = (q: Pick<TQuListItem, 'id' | 'type' | 'level' | 'summary'>): PickedQu => ({
  quId: q.id,
  type: q.type,
  level: q.level,
  content: summaryLineHtml(q.summary),
});
