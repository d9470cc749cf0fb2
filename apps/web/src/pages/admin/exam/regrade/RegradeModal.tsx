/** 更正题目: the corrected score and/or key of one question of the exam, and the reason. */
import type { TRegradeQu } from '@exam/contracts';
import { examRegradeStart } from '@exam/contracts';
import { Alert, App, Checkbox, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';
import RichHtml from '../../../../components/question/RichHtml';

interface Blanks {
  blanks: { answers: string[]; tolerance?: number | null }[];
  caseSensitive?: boolean;
  widthSensitive?: boolean;
  orderMatters?: boolean;
}

const plain = (html: string) => html.replace(/<[^>]*>/g, '');

export default function RegradeModal({
  examId,
  qu,
  onClose,
  onStarted,
}: {
  examId: string;
  qu: TRegradeQu | null;
  onClose: () => void;
  onStarted: (jobId: string) => void;
}) {
  const { message } = App.useApp();
  const [score, setScore] = useState<number | null>(null);
  const [right, setRight] = useState<string[]>([]);
  const [blanks, setBlanks] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const key = qu?.refAnswer as Blanks | undefined;

  useEffect(() => {
    if (!qu) return;
    setScore(qu.score);
    setRight(qu.options.filter((o) => o.isRight).map((o) => o.content));
    setBlanks(qu.keyEdit === 'answer' ? (key?.blanks ?? []).map((b) => b.answers.join('|')) : []);
    setReason('');
  }, [qu, key]);

  if (!qu) return null;
  const submit = async () => {
    if (!reason.trim()) {
      message.error('请填写更正原因');
      return;
    }
    setSaving(true);
    try {
      const job = await call(examRegradeStart, {
        examId,
        quId: qu.quId,
        score: score ?? qu.score,
        rightContents: qu.keyEdit === 'choice' ? right : null,
        answer:
          qu.keyEdit === 'answer'
            ? {
                blanks: blanks.map((b, i) => ({
                  answers: b
                    .split('|')
                    .map((s) => s.trim())
                    .filter(Boolean),
                  // A numeric blank keeps its margin when its answers are corrected.
                  tolerance: key?.blanks[i]?.tolerance ?? null,
                })),
                caseSensitive: key?.caseSensitive ?? false,
                widthSensitive: key?.widthSensitive ?? false,
                orderMatters: key?.orderMatters ?? true,
              }
            : null,
        reason: reason.trim(),
      });
      message.success('已开始重新评分');
      onStarted(job.id);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`更正第 ${qu.sort} 题并重新评分`}
      okText="更正并重新评分"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <RichHtml html={qu.content} className="qa-stem" />
      <Form layout="vertical" style={{ marginTop: 12 }}>
        <Form.Item label="分值">
          <InputNumber min={0} max={1000} step={0.5} value={score} onChange={setScore} aria-label="分值" /> 分
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            原分值 {qu.score} 分
          </Typography.Text>
        </Form.Item>
        {qu.keyEdit === 'choice' && (
          <Form.Item label="正确选项（勾选正确的选项）">
            <Checkbox.Group value={right} onChange={(v) => setRight(v as string[])}>
              <Space direction="vertical">
                {qu.options.map((o) => (
                  <Checkbox key={o.content} value={o.content}>
                    {plain(o.content)}
                    {o.isRight && <Typography.Text type="secondary">（原答案）</Typography.Text>}
                  </Checkbox>
                ))}
              </Space>
            </Checkbox.Group>
          </Form.Item>
        )}
        {qu.keyEdit === 'answer' &&
          blanks.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a blank is its position; the list never reorders.
            <Form.Item key={i} label={`第 ${i + 1} 空答案（多个可接受答案用 | 分隔）`}>
              <Input value={b} onChange={(e) => setBlanks(blanks.map((x, j) => (j === i ? e.target.value : x)))} />
            </Form.Item>
          ))}
        {qu.keyEdit === 'none' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="该题型只能更正分值（人工评分的得分超过新分值时按新分值计）。"
          />
        )}
        <Form.Item label="更正原因" required>
          <Input.TextArea
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="例如：标准答案有误"
          />
        </Form.Item>
      </Form>
      <Alert
        type="warning"
        showIcon
        message="只更正本考试的答卷（含正在作答的答卷）并重新计算总分和是否通过；成绩变化的考生会收到消息。题库中的原题请另行修改，否则之后新开始的答卷仍使用原答案。"
      />
    </Modal>
  );
}
