/** Sections of a fixed paper: a title and questions picked by hand, a score per question. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { COMPOSITE_SCORE_RULE, QUESTION_TYPE_LABELS } from '@exam/contracts';
import { Button, Card, Empty, Input, InputNumber, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import QuestionLine from '../../../../../components/question/QuestionLine';
import QuestionPicker, { type PickedQu } from './QuestionPicker';

export interface FixedItem extends PickedQu {
  score: number;
}
export interface FixedSectionState {
  title: string;
  items: FixedItem[];
}

interface Props {
  value: FixedSectionState[];
  onChange: (v: FixedSectionState[]) => void;
}

export default function FixedSections({ value, onChange }: Props) {
  const [picking, setPicking] = useState<number | null>(null);
  const [batch, setBatch] = useState<Record<number, number | null>>({});
  const set = (i: number, patch: Partial<FixedSectionState>) =>
    onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const all = value.flatMap((s) => s.items.map((q) => q.quId));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      {value.map((s, i) => {
        const subtotal = s.items.reduce((a, q) => a + (q.score || 0), 0);
        return (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: sections are positional
            key={i}
            size="small"
            title={
              <Space>
                <span>第 {i + 1} 大题</span>
                <Input
                  value={s.title}
                  onChange={(e) => set(i, { title: e.target.value })}
                  placeholder="大题标题，如：一、单选题"
                  style={{ width: 260 }}
                />
                <Tag color="blue">
                  {s.items.length} 题 · {Math.round(subtotal * 100) / 100} 分
                </Tag>
              </Space>
            }
            extra={
              <Space>
                <InputNumber
                  min={0.5}
                  max={1000}
                  step={0.5}
                  placeholder="每题分值"
                  value={batch[i] ?? null}
                  onChange={(v) => setBatch({ ...batch, [i]: v })}
                  style={{ width: 110 }}
                />
                <Button
                  size="small"
                  disabled={!batch[i]}
                  onClick={() => set(i, { items: s.items.map((q) => ({ ...q, score: batch[i] as number })) })}
                >
                  统一设置
                </Button>
                <Button size="small" type="primary" ghost icon={<PlusOutlined />} onClick={() => setPicking(i)}>
                  选择题目
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                />
              </Space>
            }
          >
            {s.items.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未选择题目" />
            ) : (
              <Table<FixedItem>
                size="small"
                rowKey="quId"
                pagination={false}
                dataSource={s.items}
                columns={[
                  { title: '#', width: 50, render: (_, __, k) => k + 1 },
                  {
                    title: '题型',
                    dataIndex: 'type',
                    width: 90,
                    render: (v: number) => <Tag>{QUESTION_TYPE_LABELS[v] ?? '已删除'}</Tag>,
                  },
                  {
                    title: '题目',
                    dataIndex: 'content',
                    ellipsis: true,
                    render: (v: string) =>
                      v ? <QuestionLine html={v} /> : <Typography.Text type="danger">题目已删除</Typography.Text>,
                  },
                  {
                    title: '分值',
                    dataIndex: 'score',
                    width: 120,
                    render: (v: number, q) => (
                      <Tooltip title={q.type === 99 ? COMPOSITE_SCORE_RULE : undefined}>
                        <InputNumber
                          size="small"
                          aria-label="分值"
                          min={0.5}
                          max={1000}
                          step={0.5}
                          value={v}
                          addonAfter={q.type === 99 ? '分·按小题' : undefined}
                          data-testid={q.type === 99 ? 'composite-score' : undefined}
                          onChange={(n) =>
                            set(i, { items: s.items.map((x) => (x.quId === q.quId ? { ...x, score: n ?? 0 } : x)) })
                          }
                        />
                      </Tooltip>
                    ),
                  },
                  {
                    title: '操作',
                    width: 70,
                    render: (_, q) => (
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => set(i, { items: s.items.filter((x) => x.quId !== q.quId) })}
                      >
                        移除
                      </Button>
                    ),
                  },
                ]}
              />
            )}
          </Card>
        );
      })}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => onChange([...value, { title: `第${value.length + 1}部分`, items: [] }])}
      >
        添加大题
      </Button>
      <QuestionPicker
        open={picking !== null}
        exclude={all}
        onClose={() => setPicking(null)}
        onPick={(items) => {
          if (picking !== null)
            set(picking, {
              items: [...value[picking].items, ...items.map((q) => ({ ...q, score: batch[picking] ?? 2 }))],
            });
          setPicking(null);
        }}
      />
    </Space>
  );
}
