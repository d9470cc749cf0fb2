/**
 * Renders a question for answering with the answering control of its kind
 * (components/question/kinds/<kind>/, kinds/registry.ts). Shared by practice and exams.
 *
 * Answer shapes (contracts paper.ts): 1/3 'A'; 2 ['A','C']; 4 text; 5 one text per blank;
 * 6 { leftKey: rightKey }; 7 keys first to last; 99 { childId: child answer }.
 * With `reveal`, the right options are marked and the answer and analysis are shown.
 */
import type { TQuView } from '@exam/contracts';
import { isComposite, kindOf } from '../question/kinds/registry';
import { asArray, asString } from '../question/kinds/shared';
import type { AnswerValue } from '../question/kinds/types';
import RichHtml from '../question/RichHtml';
import RevealBlock from './RevealBlock';
import type { AnswerReveal } from './reveal';
import './answer.css';

export type { AnswerValue } from '../question/kinds/types';

export interface QuestionAnswerProps {
  question: TQuView;
  value: AnswerValue | null | undefined;
  onChange?: (value: AnswerValue) => void;
  disabled?: boolean;
  reveal?: AnswerReveal | null;
  /** Number shown before the stem (children of a composite). */
  index?: string;
}

export default function QuestionAnswer({ question: q, value, onChange, disabled, reveal, index }: QuestionAnswerProps) {
  const set = (v: AnswerValue) => onChange?.(v);
  const shown = reveal?.question ?? null;
  const rightKeys = new Set((shown?.options ?? []).filter((o) => o.isRight).map((o) => o.key));
  const chosen = new Set(Array.isArray(value) ? asArray(value) : [asString(value)].filter(Boolean));
  const optionClass = (key: string) => {
    if (!shown) return 'qa-option';
    if (rightKeys.has(key)) return 'qa-option qa-option--right';
    return chosen.has(key) ? 'qa-option qa-option--wrong' : 'qa-option';
  };
  const kind = kindOf(q.type);
  const body = kind ? (
    <kind.Answer
      question={q}
      value={value}
      set={set}
      disabled={disabled}
      shown={shown}
      optionClass={optionClass}
      renderChild={(c, i, v, setChild) => (
        <QuestionAnswer
          question={c}
          index={`（${i + 1}）`}
          value={v}
          disabled={disabled}
          onChange={setChild}
          reveal={
            reveal
              ? {
                  isRight: reveal.childRight?.[c.id] ?? null,
                  question: shown?.children.find((x) => x.id === c.id) ?? null,
                }
              : null
          }
        />
      )}
    />
  ) : null;

  return (
    <div className="qa" data-testid="question-answer">
      <div className="qa-stem">
        {index && <b className="qa-index">{index}</b>}
        <RichHtml html={q.content} />
      </div>
      <div className="qa-body">{body}</div>
      {reveal && (!isComposite(q.type) || !index) && <RevealBlock question={q} reveal={reveal} />}
    </div>
  );
}
