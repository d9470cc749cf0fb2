/** One blind answer (考生N) to score: the answer, the keywords found, the suggestion, the score. */
import type { TMarkQuBoard } from '@exam/contracts';
import { Button, Card, InputNumber, Space, Tag, Typography } from 'antd';
import { useState } from 'react';

type Item = TMarkQuBoard['items'][number];

const answerText = (a: unknown): string => {
  if (a === null || a === undefined || a === '') return '';
  if (typeof a === 'string') return a;
  return JSON.stringify(a);
};

export default function AnswerCard({
  item,
  board,
  arbitrate,
  onSave,
}: {
  item: Item;
  board: TMarkQuBoard;
  arbitrate: boolean;
  onSave: (score: number, tookSuggestion: boolean) => Promise<void>;
}) {
  const [score, setScore] = useState<number | null>(null);
  const [took, setTook] = useState(false);
  const [saving, setSaving] = useState(false);
  const text = answerText(item.answer);
  const hits = board.keywords.filter((k) => text.includes(k.word));
  const save = async () => {
    if (score === null) return;
    setSaving(true);
    try {
      await onSave(score, took);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card size="small" title={item.alias} data-testid={`answer-${item.alias}`}>
      <div className="mark-box">
        {text ? (
          <div className="mark-box__text" style={{ whiteSpace: 'pre-wrap' }}>
            {text}
          </div>
        ) : (
          <Typography.Text type="secondary">（未作答）</Typography.Text>
        )}
      </div>
      <Space wrap style={{ marginTop: 8 }} align="center">
        {board.keywords.length > 0 && (
          <span>
            命中关键词：
            {hits.length
              ? hits.map((k) => (
                  <Tag color="success" key={k.word}>
                    {k.word}
                  </Tag>
                ))
              : '无'}
          </span>
        )}
        <span>
          建议得分：<b>{item.suggestScore ?? '—'}</b>
        </span>
        {item.suggestScore !== null && (
          <Button
            size="small"
            onClick={() => {
              setScore(item.suggestScore);
              setTook(true);
            }}
          >
            采用建议分
          </Button>
        )}
        {arbitrate && <Tag color="orange">两位阅卷人评分：{item.marks.join(' 分、')} 分</Tag>}
        <InputNumber
          min={0}
          max={board.fullScore}
          step={0.5}
          value={score}
          onChange={(v) => {
            setScore(v);
            setTook(false);
          }}
          placeholder="得分"
          aria-label={`${item.alias}得分`}
        />
        <span>/ {board.fullScore} 分</span>
        <Button type="primary" size="small" loading={saving} disabled={score === null} onClick={save}>
          {arbitrate ? '仲裁定分' : '提交'}
        </Button>
      </Space>
    </Card>
  );
}
