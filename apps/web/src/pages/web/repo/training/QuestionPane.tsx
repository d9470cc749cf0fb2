/**
 * One question of a session: the answer form, "提交答案" with immediate feedback (practice), or
 * saving silently (mock), or the answer shown at once (recite). A manually marked question is
 * then self-marked (SelfMarkPanel).
 */
import {
  QUESTION_TYPE_LABELS,
  type TAnswerValue,
  TrainMode,
  type TTrainFeedback,
  type TTrainQu,
} from '@exam/contracts';
import { Button, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { type AnswerValue, QuestionAnswer } from '../../../../components/answer';
import ExplainButton, { answerAsText } from '../../../../components/assistant/ExplainButton';
import { isComposite as isCompositeType } from '../../../../components/question/kinds/registry';
import SelfMarkPanel from './SelfMarkPanel';

interface Props {
  qu: TTrainQu;
  mode: number;
  finished: boolean;
  /** Saves the answer; answers the feedback (null in mock mode). */
  onFill: (answer: TAnswerValue, childAnswers?: Record<string, TAnswerValue>) => Promise<TTrainFeedback | null>;
  /** Registers a "save if changed" hook the page calls before leaving the question (mock mode). */
  registerFlush: (flush: (() => Promise<void>) | null) => void;
  /** Sends a self-mark (自评) of a manual part; answers the question's new verdicts. Absent: shown only. */
  onSelfMark?: (childId: string | null, right: boolean) => Promise<Omit<TTrainFeedback, 'question'>>;
}

const isComposite = (q: TTrainQu) => isCompositeType(q.question.type);
const initial = (q: TTrainQu): AnswerValue | null => (isComposite(q) ? (q.childAnswers ?? {}) : q.myAnswer);

export default function QuestionPane({ qu, mode, finished, onFill, registerFlush, onSelfMark }: Props) {
  const [value, setValue] = useState<AnswerValue | null>(initial(qu));
  const [feedback, setFeedback] = useState<TTrainFeedback | null>(qu.feedback);
  const [busy, setBusy] = useState(false);
  const dirty = useRef(false);
  const mock = mode === TrainMode.MOCK;
  const recite = mode === TrainMode.RECITE;
  const locked = finished || (!mock && (qu.answered || feedback !== null)) || recite;

  const send = async (v: AnswerValue | null) =>
    isComposite(qu) ? onFill(null, (v ?? {}) as Record<string, TAnswerValue>) : onFill((v ?? null) as TAnswerValue);

  useEffect(() => {
    if (!mock || finished) return registerFlush(null);
    registerFlush(async () => {
      if (!dirty.current) return;
      dirty.current = false;
      await send(value);
    });
    return () => registerFlush(null);
  });

  // Mock mode saves a changed answer shortly after the change (and again before leaving it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: saves on value changes only
  useEffect(() => {
    if (!mock || finished || !dirty.current) return;
    const timer = setTimeout(() => {
      dirty.current = false;
      void send(value);
    }, 800);
    return () => clearTimeout(timer);
  }, [value]);

  const submit = async () => {
    setBusy(true);
    try {
      setFeedback(await send(value));
    } finally {
      setBusy(false);
    }
  };
  const empty =
    value === null ||
    value === undefined ||
    (typeof value === 'string' && !value.trim()) ||
    (Array.isArray(value) && !value.some((x) => x)) ||
    (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

  const reveal =
    recite || (finished && !feedback)
      ? { isRight: null, question: qu.question.answer ? qu.question : null }
      : feedback
        ? { isRight: feedback.isRight, question: feedback.question, childRight: feedback.childRight }
        : null;

  return (
    <div data-testid="question-pane">
      <Space style={{ marginBottom: 12 }}>
        <Tag color="blue">{QUESTION_TYPE_LABELS[qu.question.type]}</Tag>
        <span data-testid="question-index">
          第 {qu.sort + 1} / {qu.total} 题
        </span>
      </Space>
      <QuestionAnswer
        question={qu.question}
        value={value}
        disabled={locked}
        reveal={reveal}
        onChange={(v) => {
          dirty.current = true;
          setValue(v);
        }}
      />
      {feedback && !mock && !recite && (
        <div style={{ marginTop: 12 }}>
          <ExplainButton quId={qu.question.id} myAnswer={answerAsText(value)} />
        </div>
      )}
      {feedback && !mock && !recite && (
        <SelfMarkPanel
          qu={qu}
          feedback={feedback}
          onMark={
            onSelfMark &&
            (async (childId, right) => {
              const { isRight, score, childRight, selfMarkOpen } = await onSelfMark(childId, right);
              setFeedback({ ...feedback, isRight, score, childRight, selfMarkOpen });
            })
          }
        />
      )}
      {!mock && !recite && !locked && (
        <Button
          type="primary"
          style={{ marginTop: 16 }}
          loading={busy}
          disabled={empty}
          onClick={submit}
          data-testid="submit-answer"
        >
          提交答案
        </Button>
      )}
    </div>
  );
}
