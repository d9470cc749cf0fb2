/** One subjective question to mark: the learner's answer beside the reference answer and keywords; score and comment. */
import { QUESTION_TYPE_LABELS } from '@exam/contracts';
import { Button, Card, Col, Input, InputNumber, Row, Space, Tag, Typography } from 'antd';
import type { TMarkQu } from '../../../../../api/exam';
import AiMarkSuggest from '../../../../../components/assistant/AiMarkSuggest';
import RichHtml from '../../../../../components/question/RichHtml';

export interface MarkInput {
  score: number | null;
  comment: string;
  /** The score is the keyword suggestion, taken with one click (any other change makes it the marker's own). */
  tookSuggestion: boolean;
}

const answerText = (a: unknown): string => {
  if (a === null || a === undefined || a === '') return '';
  if (typeof a === 'string') return a;
  if (Array.isArray(a)) return a.map((s, i) => `第${i + 1}空：${s}`).join('\n');
  return Object.entries(a as Record<string, string>)
    .map(([l, r]) => `${l} → ${r}`)
    .join('\n');
};

export default function MarkItem({
  q,
  no,
  value,
  onChange,
  paperId,
}: {
  q: TMarkQu;
  no: number;
  /** The paper marked, for the AI suggestion of a short answer. */
  paperId?: string;
  value: MarkInput;
  onChange: (v: MarkInput) => void;
}) {
  const mine = answerText(q.myAnswer);
  const hit = (q.keywords ?? []).filter((k) => mine.includes(k.word));
  return (
    <Card
      size="small"
      data-testid={`mark-${no}`}
      title={
        <Space>
          <span>第 {no} 题</span>
          <Tag color="blue">{QUESTION_TYPE_LABELS[q.type]}</Tag>
          <Typography.Text type="secondary">满分 {q.score} 分</Typography.Text>
        </Space>
      }
    >
      <RichHtml html={q.content} className="qa-stem" />
      <Row gutter={16}>
        <Col span={12}>
          <div className="mark-box">
            <div className="mark-box__title">考生答案</div>
            {mine ? (
              <div className="mark-box__text">{mine}</div>
            ) : (
              <Typography.Text type="secondary">（未作答）</Typography.Text>
            )}
          </div>
        </Col>
        <Col span={12}>
          <div className="mark-box mark-box--ref">
            <div className="mark-box__title">参考答案</div>
            <RichHtml html={q.reference || '（无参考答案）'} />
            {q.keywords.length > 0 && (
              <div style={{ marginTop: 8 }}>
                关键词：
                {q.keywords.map((k) => (
                  <Tag key={k.word} color={hit.includes(k) ? 'success' : 'default'}>
                    {k.word}（{k.weight}）
                  </Tag>
                ))}
              </div>
            )}
          </div>
        </Col>
      </Row>
      <Space wrap style={{ marginTop: 12 }} align="center">
        <span>给分：</span>
        <InputNumber
          min={0}
          max={q.score}
          step={0.5}
          value={value.score}
          placeholder="请评分"
          aria-label={`第 ${no} 题得分`}
          onChange={(score) => onChange({ ...value, score, tookSuggestion: false })}
          addonAfter={`/ ${q.score}`}
          data-testid="mark-score"
        />
        <Button size="small" onClick={() => onChange({ ...value, score: q.score, tookSuggestion: false })}>
          满分
        </Button>
        <Button size="small" onClick={() => onChange({ ...value, score: 0, tookSuggestion: false })}>
          零分
        </Button>
        <span data-testid="mark-suggest">
          关键词建议：<b>{q.suggestScore ?? '—'}</b>
        </span>
        {q.suggestScore !== null && (
          <Button
            size="small"
            data-testid="mark-take-suggest"
            onClick={() => onChange({ ...value, score: q.suggestScore, tookSuggestion: true })}
          >
            采用建议分
          </Button>
        )}
        {q.suggestTaken !== null && (
          <Tag color={q.suggestTaken ? 'orange' : 'default'} data-testid="mark-suggest-taken">
            {q.suggestTaken ? '上次评分采用了建议分' : '上次评分由阅卷人给出'}
          </Tag>
        )}
        {paperId && q.type === 4 && <AiMarkSuggest paperId={paperId} quId={q.quId} />}
      </Space>
      <Input.TextArea
        style={{ marginTop: 10 }}
        rows={2}
        maxLength={2000}
        placeholder="评语（选填）"
        value={value.comment}
        onChange={(e) => onChange({ ...value, comment: e.target.value })}
      />
    </Card>
  );
}
