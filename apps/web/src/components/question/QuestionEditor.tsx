/**
 * The editor of one question of any type: type and level, content (Tiptap), the parts of its
 * kind (kinds/<kind>/ Editor), analysis; a composite holds child editors of the other kinds.
 * Controlled: value/onChange.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUESTION_LEVEL_LABELS, QUESTION_TYPE_LABELS } from '@exam/contracts';
import { Button, Card, Form, Radio, Select, Space } from 'antd';
import CompositeScoreHint from './CompositeScoreHint';
import { newQuestion, partsFor } from './defaults';
import { isComposite, kindOf } from './kinds/registry';
import type { QuForm } from './kinds/types';
import RichTextEditor from './LazyRichTextEditor';

interface Props {
  value: QuForm;
  onChange: (v: QuForm) => void;
  /** A child of a composite: no composite type, no children. */
  isChild?: boolean;
}

const typeOptions = (isChild?: boolean) =>
  Object.entries(QUESTION_TYPE_LABELS)
    .filter(([k]) => !isChild || !isComposite(Number(k)))
    .map(([value, label]) => ({ value: Number(value), label }));

export default function QuestionEditor({ value, onChange, isChild }: Props) {
  const set = (patch: Partial<QuForm>) => onChange({ ...value, ...patch });
  const children = value.children ?? [];
  const kind = kindOf(value.type);
  return (
    <Form layout="vertical" component={false}>
      <Space size={24} wrap>
        <Form.Item label="题型" required>
          {isChild ? (
            <Select
              style={{ width: 120 }}
              value={value.type}
              options={typeOptions(true)}
              onChange={(type: number) => set({ type, ...partsFor(type) })}
            />
          ) : (
            <Radio.Group
              optionType="button"
              value={value.type}
              options={typeOptions()}
              onChange={(e) => set({ type: e.target.value, ...partsFor(e.target.value) })}
              data-testid="type-select"
            />
          )}
        </Form.Item>
        <Form.Item label="难度" required>
          <Radio.Group
            value={value.level}
            options={Object.entries(QUESTION_LEVEL_LABELS).map(([v, label]) => ({ value: Number(v), label }))}
            onChange={(e) => set({ level: e.target.value })}
          />
        </Form.Item>
      </Space>
      <Form.Item label={kind?.composite ? '材料（题干）' : '题目内容'} required>
        <RichTextEditor
          value={value.content}
          onChange={(content) => set({ content })}
          allowBlank={kind?.contentBlanks === true}
          minHeight={kind?.composite ? 120 : 80}
          testId={isChild ? 'child-content' : 'content-editor'}
        />
      </Form.Item>
      {kind && <kind.Editor value={value} set={set} />}
      {kind?.composite && (
        <Form.Item label="子题" required>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {children.map((c, i) => (
              <Card
                key={c.id ?? `new-${i}`}
                size="small"
                title={`第 ${i + 1} 题`}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => set({ children: children.filter((_, j) => j !== i) })}
                  />
                }
              >
                <QuestionEditor
                  isChild
                  value={c}
                  onChange={(v) => set({ children: children.map((x, j) => (j === i ? v : x)) })}
                />
              </Card>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => set({ children: [...children, newQuestion(1)] })}
              data-testid="add-child"
            >
              添加子题
            </Button>
            <CompositeScoreHint parts={children.length} />
          </Space>
        </Form.Item>
      )}
      {!kind?.composite && (
        <Form.Item label="解析" style={{ marginTop: 16 }}>
          <RichTextEditor value={value.analysis ?? ''} onChange={(analysis) => set({ analysis })} minHeight={48} />
        </Form.Item>
      )}
    </Form>
  );
}
