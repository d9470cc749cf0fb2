/** The options editor of the choice kinds (single, multiple, true/false), loaded lazily (lazy-editors.tsx). */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TQuOption } from '@exam/contracts';
import { Button, Checkbox, Flex, Radio, Space, Typography } from 'antd';
import RichTextEditor from '../LazyRichTextEditor';
import { OPTION_KEYS } from './parts';

interface OptionsProps {
  /** Several right options (checkboxes) rather than one (radio). */
  multi?: boolean;
  /** A fixed pair of options (true/false): no adding or removing. */
  fixed?: boolean;
  value: TQuOption[];
  onChange: (v: TQuOption[]) => void;
}

/** Options with a right flag: radio for single and true/false, checkboxes for multiple. */
export default function ChoiceOptions({ multi, fixed, value, onChange }: OptionsProps) {
  const set = (i: number, patch: Partial<TQuOption>) =>
    onChange(
      value.map((o, j) => {
        if (j === i) return { ...o, ...patch };
        return patch.isRight && !multi ? { ...o, isRight: false } : o;
      }),
    );
  const rekey = (list: TQuOption[]) => list.map((o, i) => ({ ...o, key: OPTION_KEYS[i] }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="options-editor">
      {value.map((o, i) => (
        <Flex key={o.key} gap={8} align="flex-start">
          {multi ? (
            <Checkbox
              checked={o.isRight}
              onChange={(e) => set(i, { isRight: e.target.checked })}
              data-testid={`right-${o.key}`}
              aria-label={`选项 ${o.key} 为正确答案`}
            />
          ) : (
            <Radio
              checked={o.isRight}
              onChange={() => set(i, { isRight: true })}
              data-testid={`right-${o.key}`}
              aria-label={`选项 ${o.key} 为正确答案`}
            />
          )}
          <b style={{ width: 18, lineHeight: '32px' }}>{o.key}.</b>
          <div style={{ flex: 1 }}>
            <RichTextEditor
              value={o.content}
              onChange={(content) => set(i, { content })}
              minHeight={32}
              compact
              testId={`option-${o.key}`}
              label={`选项 ${o.key} 内容`}
            />
          </div>
          {!fixed && (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={value.length <= 2}
              aria-label={`删除选项 ${o.key}`}
              onClick={() => onChange(rekey(value.filter((_, j) => j !== i)))}
            />
          )}
        </Flex>
      ))}
      {!fixed && value.length < 8 && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange([...value, { key: OPTION_KEYS[value.length], content: '', isRight: false }])}
        >
          添加选项
        </Button>
      )}
      <Typography.Text type="secondary">
        {multi ? '勾选所有正确选项（至少一个）' : '选择唯一的正确选项'}
      </Typography.Text>
    </Space>
  );
}
