/** Redoing wrong answers one by one: the question without answers; after submitting, the verdict and — when the server gives them — the right answer and analysis. */
import { QUESTION_TYPE_LABELS, type TQuView } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Result, Space, Spin, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { type BookFilter, bookApi, type TBookQu, type TBookSubmitResult } from '../../../../api/exam';
import { type AnswerValue, QuestionAnswer } from '../../../../components/answer';
import ExplainButton, { answerAsText } from '../../../../components/assistant/ExplainButton';
import FavNoteButtons from '../../../../components/fav/FavNoteButtons';
import { isComposite as isCompositeType } from '../../../../components/question/kinds/registry';

export default function RedoPanel({ filter, onClose }: { filter: BookFilter; onClose: () => void }) {
  const qc = useQueryClient();
  const [item, setItem] = useState<TBookQu | null | undefined>(undefined);
  const [answer, setAnswer] = useState<AnswerValue | null>(null);
  const [result, setResult] = useState<TBookSubmitResult | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (afterId?: string) => {
      setItem(undefined);
      setResult(null);
      setAnswer(null);
      setItem(await bookApi.next(filter, afterId));
    },
    [filter],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async () => {
    if (!item) return;
    setBusy(true);
    try {
      const composite = isCompositeType(item.question.type);
      setResult(
        await bookApi.submit({
          id: item.id,
          answer: composite ? null : answer,
          childAnswers: composite ? ((answer ?? {}) as Record<string, unknown>) : undefined,
        }),
      );
      void qc.invalidateQueries({ queryKey: ['book'] });
    } finally {
      setBusy(false);
    }
  };

  if (item === undefined)
    return (
      <Card>
        <Spin />
      </Card>
    );
  if (item === null)
    return (
      <Card>
        <Result status="success" title="错题已全部练完" extra={<Button onClick={onClose}>返回错题列表</Button>} />
      </Card>
    );
  const q: TQuView = item.question;
  const reveal = result?.showAnswer
    ? {
        isRight: result.isRight,
        question: {
          ...q,
          options: q.options.map((o) => ({ ...o, isRight: (result.rightOptions ?? []).includes(o.key) })),
          answer: (result.refAnswer && typeof result.refAnswer === 'object' ? result.refAnswer : {}) as Record<
            string,
            unknown
          >,
          analysis: result.analysis,
        },
      }
    : null;
  return (
    <Card
      data-testid="redo-panel"
      data-type={q.type}
      title={
        <Space>
          错题重做 <Tag color="blue">{QUESTION_TYPE_LABELS[q.type]}</Tag>
          <Tag>已错 {item.wrongCount} 次</Tag>
          <Tag color="green">连续答对 {item.rightStreak} 次</Tag>
        </Space>
      }
      extra={<Button onClick={onClose}>返回列表</Button>}
    >
      <QuestionAnswer question={q} value={answer} onChange={setAnswer} disabled={Boolean(result)} reveal={reveal} />
      <div style={{ marginTop: 12 }}>
        <Space wrap>
          <FavNoteButtons key={q.id} quId={q.id} size="middle" />
          {result?.showAnswer && <ExplainButton quId={q.id} myAnswer={answerAsText(answer)} />}
        </Space>
      </div>
      {result && !result.showAnswer && (
        <Alert
          style={{ marginTop: 14 }}
          showIcon
          type={result.isRight ? 'success' : result.isRight === false ? 'error' : 'info'}
          data-testid="redo-verdict"
          message={
            result.isRight
              ? '回答正确'
              : result.isRight === false
                ? '回答错误'
                : `参考得分率 ${Math.round(result.score * 100)}%`
          }
          description={result.showAnswer ? undefined : '本题的答案与解析暂不公布'}
        />
      )}
      {result?.mastered && (
        <Alert
          style={{ marginTop: 14 }}
          showIcon
          type="success"
          data-testid="redo-mastered"
          message="已连续答对，本题已移出错题本"
        />
      )}
      <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
        <span style={{ color: '#8c8c8c' }}>其后还有 {item.remaining} 道错题</span>
        {result ? (
          <Button type="primary" onClick={() => load(item.id)}>
            {item.remaining > 0 ? '下一题' : '完成'}
          </Button>
        ) : (
          <Button type="primary" loading={busy} onClick={submit} data-testid="redo-submit">
            提交答案
          </Button>
        )}
      </div>
    </Card>
  );
}

export function EmptyBook() {
  return <Empty description="本场考试没有错题，继续保持！" />;
}
