/** Helpers shared by the web question kinds. */
import { Checkbox, Radio, Space } from 'antd';
import type { ReactNode } from 'react';
import RichHtml from '../RichHtml';
import { ChoiceOptions, EditorItem } from './lazy-editors';
import type { AnswerControlProps, AnswerValue, EditorPartProps, PreviewAnswerProps } from './types';

export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const asArray = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);
export const asRecord = (v: unknown): Record<string, any> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, any>) : {};

/** Answered: a non-empty text, a list with a non-empty entry, or an object with a key. */
export function hasValue(a: AnswerValue | null | undefined): boolean {
  if (a === null || a === undefined) return false;
  if (typeof a === 'string') return a.trim() !== '';
  if (Array.isArray(a)) return a.some((x) => typeof x === 'string' && x.trim() !== '');
  return Object.keys(a).length > 0;
}

export const optionLabel = (o: { key: string; content: string }) => (
  <span className="qa-option__text">
    <b>{o.key}.</b> <RichHtml html={o.content} inline />
  </span>
);

/** Radio options (single, true/false). */
export function RadioAnswer({ question: q, value, set, disabled, optionClass }: AnswerControlProps) {
  return (
    <Radio.Group value={asString(value)} onChange={(e) => set(e.target.value)} disabled={disabled}>
      <Space direction="vertical">
        {q.options.map((o) => (
          <Radio key={o.key} value={o.key} className={optionClass(o.key)}>
            {optionLabel(o)}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

/** Checkbox options (multiple). */
export function CheckboxAnswer({ question: q, value, set, disabled, optionClass }: AnswerControlProps) {
  return (
    <Checkbox.Group value={asArray(value)} onChange={(v) => set((v as string[]).sort())} disabled={disabled}>
      <Space direction="vertical">
        {q.options.map((o) => (
          <Checkbox key={o.key} value={o.key} className={optionClass(o.key)}>
            {optionLabel(o)}
          </Checkbox>
        ))}
      </Space>
    </Checkbox.Group>
  );
}

/** The right option letters of a choice question. */
export const rightLetters = (options: { key: string; isRight?: boolean }[]): string =>
  options
    .filter((o) => o.isRight)
    .map((o) => o.key)
    .join('、') || '—';

export const choiceRightAnswer = (q: { options: { key: string; isRight?: boolean }[] }): ReactNode =>
  rightLetters(q.options);
export const choicePreview = ({ options }: PreviewAnswerProps): ReactNode => rightLetters(options);

/** The options editor of a choice kind, under its 选项 label. */
export const choiceEditor = (flags: { multi?: boolean; fixed?: boolean }) =>
  function ChoiceEditor({ value, set }: EditorPartProps) {
    return (
      <EditorItem label="选项" required>
        <ChoiceOptions {...flags} value={value.options} onChange={(options) => set({ options })} />
      </EditorItem>
    );
  };
