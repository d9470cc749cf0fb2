/**
 * A question picked from the bank list, as the paper editor's section table holds it: `content` is
 * HTML there (what the saved paper answers), so the list's plain summary, whose formulas are
 * written `$latex$`, becomes the same one-line HTML with formula spans that KaTeX draws.
 */
import type { TQuListItem } from '@exam/contracts';
import { summaryLineHtml } from '../../../../../components/question/line-html';

/** A picked question in the section table. */
export interface PickedQu {
  quId: string;
  type: number;
  level: number;
  content: string;
}

export const pickedItem = (q: Pick<TQuListItem, 'id' | 'type' | 'level' | 'summary'>): PickedQu => ({
  quId: q.id,
  type: q.type,
  level: q.level,
  content: summaryLineHtml(q.summary),
});
