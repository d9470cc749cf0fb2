/**
 * The editor of one question of any type: type and level, content (Tiptap), the parts of its
 * type, analysis; a composite holds child editors (types 1-6). Controlled: value/onChange.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUESTION_LEVEL_LABELS, QUESTION_TYPE_LABELS } from '@exam/contracts';
import { Button, Card, Form, Radio, Select, Space } from 'antd';
import { ChoiceOptions, FillBlankAnswer, MatchingAnswer, ShortAnswer } from './AnswerEditors';
import { newQuestion, partsFor, type QuForm } from './defaults';
import RichTextEditor from './RichTextEditor';

interface Props {
  value: QuForm;
  onChange: (v: QuForm) => void;
  /** A child of a composite: no composite type, no children. */
  isChild?: boolean;
}

const typeOptions = (isChild?: boolean) =>
  Object.entries(QUESTION_TYPE_LABELS)
    .filter(([k]) => !isChild || k !== '99')
    .map(([value, label]) => ({ value: Number(value), label }));

export default function QuestionEditor({ value, onChange, isChild }: Props) {
  const set = (patch: Partial<QuForm>) => onChange({ ...value, ...patch });
  const children = value.children ?? [];
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
      <Form.Item label={value.type === 99 ? '材料（题干）' : '题目内容'} required>
        <RichTextEditor
          value={value.content}
          onChange={(content) => set({ content })}
          allowBlank={value.type === 5}
          minHeight={value.type === 99 ? 120 : 80}
          testId={isChild ? 'child-content' : 'content-editor'}
        />
      </Form.Item>
      {[1, 2, 3].includes(value.type) && (
        <Form.Item label="选项" required>
          <ChoiceOptions type={value.type} value={value.options} onChange={(options) => set({ options })} />
        </Form.Item>
      )}
      {value.type === 4 && <ShortAnswer value={value.answer} onChange={(answer) => set({ answer })} />}
      {value.type === 5 && (
        <Form.Item label="填空答案" required>
          <FillBlankAnswer value={value.answer} onChange={(answer) => set({ answer })} content={value.content} />
        </Form.Item>
      )}
      {value.type === 6 && <MatchingAnswer value={value.answer} onChange={(answer) => set({ answer })} />}
      {value.type === 99 && (
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
          </Space>
        </Form.Item>
      )}
      {value.type !== 99 && (
        <Form.Item label="解析" style={{ marginTop: 16 }}>
          <RichTextEditor value={value.analysis ?? ''} onChange={(analysis) => set({ analysis })} minHeight={48} />
        </Form.Item>
      )}
    </Form>
  );
}
