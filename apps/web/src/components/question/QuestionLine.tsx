/**
 * The one way a list shows a question's text on one line: tags dropped, formulas
 * rendered by KaTeX as in the exam room (RichHtml), blanks as ____; the wrong-answer book, the
 * admin result and the paper editor use it.
 */
import { questionLineHtml, summaryLineHtml } from './line-html';
import RichHtml from './RichHtml';

/** `html`: the question's HTML; or `text`: a plain-text summary whose formulas are `$latex$`. */
export default function QuestionLine({ html, text }: { html?: string | null; text?: string }) {
  const line = text !== undefined ? summaryLineHtml(text) : questionLineHtml(html);
  return <RichHtml html={line} inline className="qu-line" />;
}
