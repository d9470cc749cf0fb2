/** The matching question's editor part (loaded lazily): both columns and the right pairs. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { escapeHtml, type TQuAnswer, unescapeHtml } from '@exam/contracts';
import { Button, Flex, Input, Select, Space, Typography } from 'antd';
import { OPTION_KEYS } from '../parts';

interface AnswerProps {
  value: TQuAnswer;
  onChange: (v: TQuAnswer) => void;
}

/** Left items, right items (extra ones are distractors) and one pair per left item. */
export default function MatchingEditor({ value, onChange }: AnswerProps) {
  const left = value.left ?? [];
  const right = value.right ?? [];
  const pairs = value.pairs ?? [];
  const relabel = <T extends { key: string }>(list: T[], keys: (i: number) => string) =>
    list.map((x, i) => ({ ...x, key: keys(i) }));
  const side = (name: 'left' | 'right', list: { key: string; content: string }[], keys: (i: number) => string) => (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {list.map((it, i) => (
        <Flex key={it.key} gap={8} align="center">
          <b style={{ width: 18 }}>{it.key}.</b>
          <Input
            value={unescapeHtml(it.content.replace(/<[^>]+>/g, ''))}
            placeholder={name === 'left' ? '左侧项' : '右侧项'}
            onChange={(e) =>
              onChange({
                ...value,
                [name]: list.map((x, j) =>
                  j === i ? { ...x, content: e.target.value ? `<p>${escapeHtml(e.target.value)}</p>` : '' } : x,
                ),
              })
            }
            data-testid={`${name}-${it.key}`}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={list.length <= 1}
            onClick={() =>
              onChange({
                ...value,
                [name]: relabel(
                  list.filter((_, j) => j !== i),
                  keys,
                ),
                pairs: [],
              })
            }
          />
        </Flex>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange({ ...value, [name]: [...list, { key: keys(list.length), content: '' }] })}
      >
        添加{name === 'left' ? '左侧项' : '右侧项'}
      </Button>
    </Space>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Flex gap={24}>
        <div style={{ flex: 1 }}>
          <Typography.Text strong>左侧项</Typography.Text>
          {side('left', left, (i) => String(i + 1))}
        </div>
        <div style={{ flex: 1 }}>
          <Typography.Text strong>右侧项（可多于左侧，作为干扰项）</Typography.Text>
          {side('right', right, (i) => OPTION_KEYS[i])}
        </div>
      </Flex>
      <Typography.Text strong>正确匹配</Typography.Text>
      {left.map((l) => (
        <Space key={l.key}>
          <span>左侧 {l.key} →</span>
          <Select
            style={{ width: 120 }}
            placeholder="选择右侧项"
            value={pairs.find((p) => p.left === l.key)?.right}
            options={right.map((r) => ({ value: r.key, label: r.key }))}
            onChange={(r: string) =>
              onChange({ ...value, pairs: [...pairs.filter((p) => p.left !== l.key), { left: l.key, right: r }] })
            }
            data-testid={`pair-${l.key}`}
          />
        </Space>
      ))}
    </Space>
  );
}
