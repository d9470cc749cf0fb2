/** 填空题 (type 5): one input per blank of the content; accepted answers per blank. */
import { ANSWER_LIMITS } from '@exam/contracts';
import { Input, Space, Typography } from 'antd';
import { deferred, EditorItem } from '../lazy-editors';
import { asArray, hasValue } from '../shared';
import type { WebKind } from '../types';

const FillBlankEditor = deferred(() => import('./FillBlankEditor'));

type Blank = { answers: string[]; tolerance?: number | null };

/** A blank's accepted answers; a numeric blank with its margin (3（误差±2）). */
const blankText = (b: Blank) =>
  b.answers.join(' 或 ') + (typeof b.tolerance === 'number' && b.answers.length ? `（数值，误差±${b.tolerance}）` : '');

export const fillBlank: WebKind = {
  type: 5,
  contentBlanks: true,
  parts: () => ({
    options: [],
    answer: { blanks: [], caseSensitive: false, widthSensitive: false, orderMatters: true },
    children: [],
  }),
  Editor: ({ value, set }) => (
    <EditorItem label="填空答案" required>
      <FillBlankEditor value={value.answer} onChange={(answer) => set({ answer })} content={value.content} />
    </EditorItem>
  ),
  Answer: ({ question: q, value, set, disabled }) => {
    const blanks = asArray(value);
    const n = Math.max(q.blankCount, 1);
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        {Array.from({ length: n }, (_, i) => (
          <Input
            // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positional
            key={i}
            addonBefore={`第${i + 1}空`}
            aria-label={`第${i + 1}空`}
            value={blanks[i] ?? ''}
            disabled={disabled}
            maxLength={ANSWER_LIMITS.blankChars}
            onChange={(e) => {
              const next = Array.from({ length: n }, (_, j) => blanks[j] ?? '');
              next[i] = e.target.value;
              set(next);
            }}
          />
        ))}
      </Space>
    );
  },
  rightAnswer: (q) => ((q.answer?.blanks ?? []) as Blank[]).map((b, i) => `第${i + 1}空：${blankText(b)}`).join('；'),
  previewAnswer: ({ answer: a }) => (
    <>
      {((a.blanks ?? []) as Blank[]).map((b, i) => (
        <div key={String(i)}>
          第{i + 1}空：{blankText(b) || '—'}
        </div>
      ))}
      <Typography.Text type="secondary">
        {a.caseSensitive ? '区分大小写' : '不区分大小写'}，{a.widthSensitive ? '区分全半角' : '不区分全半角'}，
        {a.orderMatters === false ? '答案顺序无关' : '答案顺序有关'}
      </Typography.Text>
    </>
  ),
  answered: hasValue,
};
