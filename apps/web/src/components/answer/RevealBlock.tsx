/** Right or wrong of an answer, with the right answer and the analysis when they may be shown. */
import { CheckCircleFilled, ClockCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import type { TQuView } from '@exam/contracts';
import { isComposite, isManual, kindOf } from '../question/kinds/registry';
import RichHtml from '../question/RichHtml';
import type { AnswerReveal } from './reveal';

/** The right answer of a question, as its kind shows it. */
export function rightAnswerText(q: TQuView): React.ReactNode {
  return kindOf(q.type)?.rightAnswer(q) ?? null;
}

export default function RevealBlock({ question, reveal }: { question: TQuView; reveal: AnswerReveal }) {
  const shown = reveal.question;
  const verdict =
    reveal.isRight === true ? (
      <span className="qa-verdict qa-verdict--right" data-testid="verdict">
        <CheckCircleFilled /> 回答正确
      </span>
    ) : reveal.isRight === false ? (
      <span className="qa-verdict qa-verdict--wrong" data-testid="verdict">
        <CloseCircleFilled /> 回答错误
      </span>
    ) : reveal.pending ? (
      <span className="qa-verdict qa-verdict--pending" data-testid="verdict">
        <ClockCircleFilled /> 等待阅卷，阅卷完成后这里显示得分
      </span>
    ) : reveal.marked ? (
      <span className="qa-verdict" data-testid="verdict">
        <InfoCircleFilled /> 已阅卷，得分 {reveal.marked}
      </span>
    ) : (
      <span className="qa-verdict" data-testid="verdict">
        <InfoCircleFilled />{' '}
        {isManual(question.type) || isComposite(question.type) ? '请对照参考答案自行判断' : '答案与解析'}
      </span>
    );
  return (
    <div className={`qa-reveal ${reveal.isRight === false ? 'qa-reveal--wrong' : ''}`} data-testid="reveal">
      {verdict}
      {shown && !isComposite(question.type) && (
        <div className="qa-reveal__row">
          <b>{isManual(question.type) ? '参考答案：' : '正确答案：'}</b>
          <span data-testid="right-answer">{rightAnswerText(shown)}</span>
        </div>
      )}
      {shown?.analysis && (
        <div className="qa-reveal__row">
          <b>解析：</b>
          <RichHtml html={shown.analysis} />
        </div>
      )}
      {shown === null && <div className="qa-reveal__row qa-muted">该题来自未开放练习的题库，不显示答案与解析。</div>}
    </div>
  );
}
