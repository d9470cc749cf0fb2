/**
 * Renders a question for answering, for each of the 7 types: radio (single, true/false),
 * checkboxes (multiple), a text area (short answer), blank inputs (fill blank), selects
 * (matching) and the children of a composite. Shared by practice and exams.
 *
 * Answer shapes (contracts paper.ts): 1/3 'A'; 2 ['A','C']; 4 text; 5 one text per blank;
 * 6 { leftKey: rightKey }; 99 { childId: child answer }.
 * With `reveal`, the right options are marked and the answer and analysis are shown.
 */
import { ANSWER_LIMITS, type TAnswerValue, type TQuView } from '@exam/contracts';
import { Checkbox, Input, Radio, Select, Space } from 'antd';
import { RichHtml } from '../question';
import RevealBlock from './RevealBlock';
import type { AnswerReveal } from './reveal';
import './answer.css';

export type AnswerValue = TAnswerValue | Record<string, TAnswerValue>;

export interface QuestionAnswerProps {
  question: TQuView;
  value: AnswerValue | null | undefined;
  onChange?: (value: AnswerValue) => void;
  disabled?: boolean;
  reveal?: AnswerReveal | null;
  /** Number shown before the stem (children of a composite). */
  index?: string;
}

const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const asArray = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);
const asRecord = (v: unknown): Record<string, any> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, any>) : {};

export default function QuestionAnswer({ question: q, value, onChange, disabled, reveal, index }: QuestionAnswerProps) {
  const set = (v: AnswerValue) => onChange?.(v);
  const shown = reveal?.question ?? null;
  const rightKeys = new Set((shown?.options ?? []).filter((o) => o.isRight).map((o) => o.key));
  const chosen = new Set(q.type === 2 ? asArray(value) : [asString(value)].filter(Boolean));
  const optionClass = (key: string) => {
    if (!shown) return 'qa-option';
    if (rightKeys.has(key)) return 'qa-option qa-option--right';
    return chosen.has(key) ? 'qa-option qa-option--wrong' : 'qa-option';
  };
  const option = (o: { key: string; content: string }) => (
    <span className="qa-option__text">
      <b>{o.key}.</b> <RichHtml html={o.content} inline />
    </span>
  );

  let body: React.ReactNode = null;
  if (q.type === 1 || q.type === 3) {
    body = (
      <Radio.Group value={asString(value)} onChange={(e) => set(e.target.value)} disabled={disabled}>
        <Space direction="vertical">
          {q.options.map((o) => (
            <Radio key={o.key} value={o.key} className={optionClass(o.key)}>
              {option(o)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    );
  } else if (q.type === 2) {
    body = (
      <Checkbox.Group value={asArray(value)} onChange={(v) => set((v as string[]).sort())} disabled={disabled}>
        <Space direction="vertical">
          {q.options.map((o) => (
            <Checkbox key={o.key} value={o.key} className={optionClass(o.key)}>
              {option(o)}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    );
  } else if (q.type === 4) {
    body = (
      <Input.TextArea
        value={asString(value) ?? ''}
        onChange={(e) => set(e.target.value)}
        disabled={disabled}
        autoSize={{ minRows: 4, maxRows: 12 }}
        maxLength={ANSWER_LIMITS.shortAnswerChars}
        placeholder="请输入你的答案"
      />
    );
  } else if (q.type === 5) {
    const blanks = asArray(value);
    body = (
      <Space direction="vertical" style={{ width: '100%' }}>
        {Array.from({ length: Math.max(q.blankCount, 1) }, (_, i) => (
          <Input
            // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positional
            key={i}
            addonBefore={`第${i + 1}空`}
            value={blanks[i] ?? ''}
            disabled={disabled}
            maxLength={ANSWER_LIMITS.blankChars}
            onChange={(e) => {
              const next = Array.from({ length: Math.max(q.blankCount, 1) }, (_, j) => blanks[j] ?? '');
              next[i] = e.target.value;
              set(next);
            }}
          />
        ))}
      </Space>
    );
  } else if (q.type === 6) {
    const pairs = asRecord(value) as Record<string, string>;
    const right = q.matching?.right ?? [];
    body = (
      <div className="qa-matching">
        {(q.matching?.left ?? []).map((l) => (
          <div className="qa-matching__row" key={l.key}>
            <span className="qa-matching__left">
              <b>{l.key}.</b> <RichHtml html={l.content} inline />
            </span>
            <Select
              allowClear
              placeholder="请选择"
              style={{ minWidth: 200 }}
              value={pairs[l.key]}
              disabled={disabled}
              onChange={(v) => {
                const next = { ...pairs };
                if (v) next[l.key] = v;
                else delete next[l.key];
                set(next);
              }}
              options={right.map((r) => ({ value: r.key, label: `${r.key}. ${r.content.replace(/<[^>]+>/g, '')}` }))}
            />
          </div>
        ))}
      </div>
    );
  } else if (q.type === 99) {
    const answers = asRecord(value) as Record<string, TAnswerValue>;
    body = (
      <div className="qa-children">
        {q.children.map((c, i) => (
          <div className="qa-child" key={c.id}>
            <QuestionAnswer
              question={c}
              index={`（${i + 1}）`}
              value={answers[c.id]}
              disabled={disabled}
              onChange={(v) => set({ ...answers, [c.id]: v as TAnswerValue })}
              reveal={
                reveal
                  ? {
                      isRight: reveal.childRight?.[c.id] ?? null,
                      question: shown?.children.find((x) => x.id === c.id) ?? null,
                    }
                  : null
              }
            />
          </div>
        ))}
      </div>
    );
  }

  return (
    <div className="qa" data-testid="question-answer">
      <div className="qa-stem">
        {index && <b className="qa-index">{index}</b>}
        <RichHtml html={q.content} />
      </div>
      <div className="qa-body">{body}</div>
      {reveal && (q.type !== 99 || !index) && <RevealBlock question={q} reveal={reveal} />}
    </div>
  );
}
