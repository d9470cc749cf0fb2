/**
 * 自评 under the reference answer of a manually marked question (short answer, or each manual
 * child of a composite): the learner says whether their answer was right. The mark may change
 * until they answer another question (the server's `selfMarkOpen`); afterwards it is shown only.
 */
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { TTrainFeedback, TTrainQu } from '@exam/contracts';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { isComposite, isManual } from '../../../../components/question/kinds/registry';

interface Props {
  qu: TTrainQu;
  feedback: TTrainFeedback;
  /** Sends the mark (childId null: the question itself); the page refreshes the figures. Absent: shown only. */
  onMark?: (childId: string | null, right: boolean) => Promise<void>;
}

interface Target {
  childId: string | null;
  label: string | null;
  verdict: boolean | null;
}

/** The parts the learner marks: the question itself, or the manual children of a composite. */
export function selfMarkTargets(qu: TTrainQu, feedback: TTrainFeedback): Target[] {
  const q = qu.question;
  if (isManual(q.type)) return [{ childId: null, label: null, verdict: feedback.isRight }];
  if (!isComposite(q.type)) return [];
  return q.children.flatMap((c, i) =>
    isManual(c.type)
      ? [{ childId: c.id, label: `第（${i + 1}）小题`, verdict: feedback.childRight[c.id] ?? null }]
      : [],
  );
}

const verdictTag = (v: boolean | null) =>
  v === null ? <Tag>未自评</Tag> : v ? <Tag color="success">自评：答对</Tag> : <Tag color="error">自评：答错</Tag>;

export default function SelfMarkPanel({ qu, feedback, onMark }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const targets = selfMarkTargets(qu, feedback);
  if (targets.length === 0) return null;
  const open = feedback.selfMarkOpen && onMark !== undefined;
  // The keyword share of a short answer (its `score`); a composite's children have none of their own.
  const keywords = isManual(qu.question.type) ? ((feedback.question?.answer?.keywords as unknown[]) ?? []) : [];
  const send = async (t: Target, right: boolean) => {
    setBusy(`${t.childId}:${right}`);
    try {
      await onMark?.(t.childId, right);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="train-self-mark" data-testid="self-mark">
      <div className="train-self-mark__title">
        <b>自评</b>
        <span className="train-self-mark__hint">
          {open ? '请对照参考答案，判断你的答案是否正确' : '自评已确定，进入下一题或结束训练后不能再修改'}
        </span>
      </div>
      {keywords.length > 0 && (
        <div className="train-self-mark__hint" data-testid="keyword-suggestion">
          关键词命中率：{Math.round(feedback.score * 100)}%（仅供参考）
        </div>
      )}
      {targets.map((t) => (
        <div key={t.childId ?? 'self'} className="train-self-mark__row" data-testid="self-mark-row">
          {t.label && <span className="train-self-mark__label">{t.label}</span>}
          {open ? (
            <Space wrap>
              <Button
                icon={<CheckOutlined />}
                type={t.verdict === true ? 'primary' : 'default'}
                className={t.verdict === true ? 'train-self-mark__right' : undefined}
                loading={busy === `${t.childId}:true`}
                disabled={busy !== null}
                onClick={() => send(t, true)}
                data-testid="self-mark-right"
              >
                我答对了
              </Button>
              <Button
                icon={<CloseOutlined />}
                danger
                type={t.verdict === false ? 'primary' : 'default'}
                loading={busy === `${t.childId}:false`}
                disabled={busy !== null}
                onClick={() => send(t, false)}
                data-testid="self-mark-wrong"
              >
                我答错了
              </Button>
            </Space>
          ) : null}
          <span data-testid="self-mark-verdict">{verdictTag(t.verdict)}</span>
        </div>
      ))}
      {feedback.isRight === false && (
        <div className="train-self-mark__hint" data-testid="self-mark-book">
          已记入错题本，可在错题本中复习
        </div>
      )}
    </div>
  );
}
