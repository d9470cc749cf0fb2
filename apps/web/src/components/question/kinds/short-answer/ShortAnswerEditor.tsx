/** The short answer's editor part (loaded lazily): reference answer and weighted scoring keywords. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TQuAnswer } from '@exam/contracts';
import { Button, Input, InputNumber, Space, Typography } from 'antd';
import RichTextEditor from '../../LazyRichTextEditor';

interface AnswerProps {
  value: TQuAnswer;
  onChange: (v: TQuAnswer) => void;
}

/** Reference answer and weighted scoring keywords. */
export default function ShortAnswerEditor({ value, onChange }: AnswerProps) {
  const keywords = value.keywords ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text>参考答案</Typography.Text>
      <RichTextEditor
        value={value.reference ?? ''}
        onChange={(reference) => onChange({ ...value, reference })}
        testId="reference-editor"
      />
      <Typography.Text>得分关键词（阅卷时按权重提示建议得分）</Typography.Text>
      {keywords.map((k, i) => (
        <Space key={String(i)}>
          <Input
            placeholder="关键词"
            value={k.word}
            onChange={(e) =>
              onChange({ ...value, keywords: keywords.map((x, j) => (j === i ? { ...x, word: e.target.value } : x)) })
            }
          />
          <InputNumber
            min={0.5}
            max={100}
            step={0.5}
            prefix="权重"
            value={k.weight}
            onChange={(w) =>
              onChange({ ...value, keywords: keywords.map((x, j) => (j === i ? { ...x, weight: Number(w ?? 1) } : x)) })
            }
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange({ ...value, keywords: keywords.filter((_, j) => j !== i) })}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange({ ...value, keywords: [...keywords, { word: '', weight: 1 }] })}
      >
        添加关键词
      </Button>
    </Space>
  );
}
