/** 匹配题 (type 6): a select of a right item for each left item. */
import RichHtml from '../../RichHtml';
import { deferred, LazySelect } from '../lazy-editors';
import { asRecord, hasValue } from '../shared';
import type { WebKind } from '../types';

type Pair = { left: string; right: string };
const pairsText = (pairs: Pair[]) => pairs.map((p) => `${p.left}-${p.right}`).join('；');

const MatchingEditor = deferred(() => import('./MatchingEditor'));

export const matching: WebKind = {
  type: 6,
  parts: () => ({
    options: [],
    answer: {
      left: [
        { key: '1', content: '' },
        { key: '2', content: '' },
      ],
      right: [
        { key: 'A', content: '' },
        { key: 'B', content: '' },
        { key: 'C', content: '' },
      ],
      pairs: [],
    },
    children: [],
  }),
  Editor: ({ value, set }) => <MatchingEditor value={value.answer} onChange={(answer) => set({ answer })} />,
  Answer: ({ question: q, value, set, disabled }) => {
    const pairs = asRecord(value) as Record<string, string>;
    const right = q.matching?.right ?? [];
    return (
      <div className="qa-matching">
        {(q.matching?.left ?? []).map((l) => (
          <div className="qa-matching__row" key={l.key}>
            <span className="qa-matching__left">
              <b>{l.key}.</b> <RichHtml html={l.content} inline />
            </span>
            <LazySelect
              allowClear
              placeholder="请选择"
              className="qa-matching__select"
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
  },
  rightAnswer: (q) => pairsText((q.answer?.pairs ?? []) as Pair[]),
  PreviewItems: deferred(() => import('./MatchingPreview')),
  previewAnswer: ({ answer: a }) => pairsText((a.pairs ?? []) as Pair[]) || '—',
  answered: hasValue,
};
