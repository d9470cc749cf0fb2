/**
 * The one way a list shows a question's text on one line (issue 23): tags dropped, formulas
 * rendered by KaTeX as in the exam room (RichHtml), blanks as ____; the wrong-answer book, the
 * admin result and the paper editor use it.
 */
import { questionLineHtml } from './line-html';
import RichHtml from './RichHtml';

export default function QuestionLine({ html }: { html: string | null | undefined }) {
  return <RichHtml html={questionLineHtml(html)} inline className="qu-line" />;
}
