/** The type-specific parts of the question editor: options, short answer, blanks, matching. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { escapeHtml, type TQuAnswer, type TQuOption, unescapeHtml } from '@exam/contracts';
import { Button, Checkbox, Flex, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { OPTION_KEYS } from './kinds/parts';
import RichTextEditor from './LazyRichTextEditor';

interface OptionsProps {
  /** Several right options (checkboxes) rather than one (radio). */
  multi?: boolean;
  /** A fixed pair of options (true/false): no adding or removing. */
  fixed?: boolean;
  value: TQuOption[];
  onChange: (v: TQuOption[]) => void;
}

/** Options with a right flag: radio for single and true/false, checkboxes for multiple. */
export function ChoiceOptions({ multi, fixed, value, onChange }: OptionsProps) {
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
            />
          ) : (
            <Radio checked={o.isRight} onChange={() => set(i, { isRight: true })} data-testid={`right-${o.key}`} />
          )}
          <b style={{ width: 18, lineHeight: '32px' }}>{o.key}.</b>
          <div style={{ flex: 1 }}>
            <RichTextEditor
              value={o.content}
              onChange={(content) => set(i, { content })}
              minHeight={32}
              compact
              testId={`option-${o.key}`}
            />
          </div>
          {!fixed && (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={value.length <= 2}
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

interface AnswerProps {
  value: TQuAnswer;
  onChange: (v: TQuAnswer) => void;
}

/** Reference answer and weighted scoring keywords. */
export function ShortAnswer({ value, onChange }: AnswerProps) {
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

/** Number of blank nodes in editor HTML. */
const blankCount = (html: string): number => (html.match(/data-blank=/g) ?? []).length;

/** Accepted answers per blank (as many rows as blanks in the content) and the matching settings. */
export function FillBlankAnswer({ value, onChange, content }: AnswerProps & { content: string }) {
  const n = blankCount(content);
  const blanks = Array.from({ length: n }, (_, i) => value.blanks?.[i] ?? { answers: [] });
  const set = (patch: TQuAnswer) => onChange({ ...value, blanks, ...patch });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {n === 0 && <Typography.Text type="warning">请在题目内容中点击“插入填空”添加空</Typography.Text>}
      {blanks.map((b, i) => (
        <Flex key={String(i)} gap={8} align="center">
          <span style={{ width: 64 }}>第{i + 1}空</span>
          <Select
            mode="tags"
            style={{ flex: 1 }}
            value={b.answers}
            placeholder="输入可接受的答案后回车，可输入多个"
            open={false}
            tokenSeparators={['|']}
            onChange={(answers: string[]) => set({ blanks: blanks.map((x, j) => (j === i ? { answers } : x)) })}
            data-testid={`blank-answer-${i + 1}`}
          />
        </Flex>
      ))}
      <Space wrap>
        <Switch checked={Boolean(value.caseSensitive)} onChange={(caseSensitive) => set({ caseSensitive })} />{' '}
        区分大小写
        <Switch checked={Boolean(value.widthSensitive)} onChange={(widthSensitive) => set({ widthSensitive })} />{' '}
        区分全角半角
        <Switch checked={value.orderMatters !== false} onChange={(orderMatters) => set({ orderMatters })} />{' '}
        答案顺序有关
      </Space>
    </Space>
  );
}

/** Left items, right items (extra ones are distractors) and one pair per left item. */
export function MatchingAnswer({ value, onChange }: AnswerProps) {
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
