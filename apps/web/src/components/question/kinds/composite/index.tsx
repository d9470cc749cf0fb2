/** 组合题 (type 99): a stem whose children are questions of the other kinds. */
import type { TAnswerValue } from '@exam/contracts';
import { asRecord } from '../shared';
import type { WebKind } from '../types';

export const composite: WebKind = {
  type: 99,
  composite: true,
  parts: () => ({ options: [], answer: {}, children: [] }),
  // The child editors are drawn by QuestionEditor (a composite holds editors of the other kinds).
  Editor: () => null,
  Answer: ({ question: q, value, set, renderChild }) => {
    const answers = asRecord(value) as Record<string, TAnswerValue>;
    return (
      <div className="qa-children">
        {q.children.map((c, i) => (
          <div className="qa-child" key={c.id}>
            {renderChild?.(c, i, answers[c.id], (v) => set({ ...answers, [c.id]: v as TAnswerValue }))}
          </div>
        ))}
      </div>
    );
  },
  rightAnswer: () => null,
  previewAnswer: () => null,
  answered: (v) => Boolean(v && typeof v === 'object' && Object.keys(v).length > 0),
};
