/**
 * 排序题 (type 7): put the items in the right order. The author writes them in the right order;
 * learners get them shuffled and answer with the item keys first to last (OrderingAnswer).
 */
import RichHtml from '../../RichHtml';
import { deferred } from '../lazy-editors';
import { asArray, hasValue } from '../shared';
import type { KindSettingsProps, WebKind } from '../types';
import OrderingAnswer, { arranged } from './OrderingAnswer';

/** The items in the right order: `order` keys when given, else the stored order (the editor's). */
function RightOrder({ options, order }: { options: { key: string; content: string }[]; order: string[] }) {
  const items = order.length ? arranged(options, order) : options;
  return (
    <span className="qa-ordering__right" data-testid="ordering-right">
      {items.map((o, i) => (
        <span key={o.key || String(i)}>
          {i > 0 && ' → '}
          {i + 1}. <RichHtml html={o.content} inline />
        </span>
      ))}
    </span>
  );
}

const OrderingEditor = deferred(() => import('./OrderingEditor'));

const Settings = deferred<KindSettingsProps>(() => import('./Settings'));

export const ordering: WebKind = {
  type: 7,
  parts: () => ({
    options: [0, 1, 2].map(() => ({ key: '', content: '', isRight: false })),
    answer: {},
    children: [],
  }),
  Editor: OrderingEditor,
  Answer: OrderingAnswer,
  rightAnswer: (q) => <RightOrder options={q.options} order={asArray(q.answer?.order)} />,
  previewItems: 'numbered',
  previewAnswer: ({ options, answer }) => <RightOrder options={options} order={asArray(answer.order)} />,
  Settings,
  answered: hasValue,
};
