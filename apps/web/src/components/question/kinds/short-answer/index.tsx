/** 简答题 (type 4): a text answer marked by a person; reference answer and weighted keywords. */
import { ANSWER_LIMITS } from '@exam/contracts';
import { Input, Tag } from 'antd';
import RichHtml from '../../RichHtml';
import { deferred } from '../lazy-editors';
import { asString, hasValue } from '../shared';
import type { WebKind } from '../types';

const ShortAnswerEditor = deferred(() => import('./ShortAnswerEditor'));

export const shortAnswer: WebKind = {
  type: 4,
  manual: true,
  parts: () => ({ options: [], answer: { reference: '', keywords: [] }, children: [] }),
  Editor: ({ value, set }) => <ShortAnswerEditor value={value.answer} onChange={(answer) => set({ answer })} />,
  Answer: ({ value, set, disabled }) => (
    <Input.TextArea
      value={asString(value) ?? ''}
      onChange={(e) => set(e.target.value)}
      disabled={disabled}
      autoSize={{ minRows: 4, maxRows: 12 }}
      maxLength={ANSWER_LIMITS.shortAnswerChars}
      placeholder="请输入你的答案"
    />
  ),
  rightAnswer: (q) => <RichHtml html={String(q.answer?.reference || '（无参考答案）')} />,
  previewAnswer: ({ answer: a }) => (
    <>
      <RichHtml html={a.reference} />
      {(a.keywords ?? []).length > 0 && (
        <div>
          得分关键词：
          {(a.keywords as { word: string; weight: number }[]).map((k) => (
            <Tag key={k.word}>
              {k.word}（{k.weight}）
            </Tag>
          ))}
        </div>
      )}
    </>
  ),
  answered: hasValue,
};
