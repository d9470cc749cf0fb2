/**
 * Answering an ordering question: the items in a list, moved with ↑ / ↓ (works by touch and
 * keyboard at 390 px). The answer is the item keys, first to last; until the learner moves an item
 * or confirms the order shown, the question counts as unanswered.
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import RichHtml from '../../RichHtml';
import { asArray } from '../shared';
import type { AnswerControlProps } from '../types';
import './ordering.css';

/** The items in the order of the answer (unknown keys dropped, missing items appended). */
export function arranged<T extends { key: string }>(items: T[], keys: string[]): T[] {
  const byKey = new Map(items.map((o) => [o.key, o]));
  const first = keys.map((k) => byKey.get(k)).filter((o): o is T => Boolean(o));
  return [...first, ...items.filter((o) => !first.includes(o))];
}

export default function OrderingAnswer({ question: q, value, set, disabled, shown }: AnswerControlProps) {
  const keys = asArray(value);
  const items = arranged(q.options, keys);
  const order = asArray(shown?.answer?.order);
  const move = (i: number, by: -1 | 1) => {
    const next = items.map((o) => o.key);
    [next[i], next[i + by]] = [next[i + by], next[i]];
    set(next);
  };
  return (
    <div className="qa-ordering" data-testid="ordering-answer">
      <ol className="qa-ordering__list">
        {items.map((o, i) => {
          const mark = shown && keys.length ? (order[i] === o.key ? 'qa-option--right' : 'qa-option--wrong') : '';
          return (
            <li key={o.key} className={`qa-ordering__item ${mark}`} data-testid={`ordering-item-${i + 1}`}>
              <span className="qa-ordering__no">{i + 1}</span>
              <span className="qa-ordering__text">
                <RichHtml html={o.content} inline />
              </span>
              {!disabled && (
                <>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`上移第${i + 1}项`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`下移第${i + 1}项`}
                    disabled={i === items.length - 1}
                    onClick={() => move(i, 1)}
                  />
                </>
              )}
            </li>
          );
        })}
      </ol>
      {!disabled && keys.length === 0 && (
        <Button size="small" onClick={() => set(items.map((o) => o.key))} data-testid="ordering-confirm">
          按当前顺序作答
        </Button>
      )}
      {!disabled && (
        <Typography.Text type="secondary" className="qa-ordering__hint">
          用 ↑ ↓ 调整顺序，从上到下为先后顺序
        </Typography.Text>
      )}
    </div>
  );
}
