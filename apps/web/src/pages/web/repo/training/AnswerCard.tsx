/** The answer card of a session: one button per question, coloured by its state. */
import type { TTrainDetail } from '@exam/contracts';
import { Button } from 'antd';

interface Props {
  card: TTrainDetail['card'];
  current?: number;
  onPick?: (sort: number) => void;
  /** Questions whose answer is journalled but not yet saved (mock exam). */
  pending?: ReadonlySet<string>;
  /** Questions whose answer the server refused for good. */
  failed?: ReadonlySet<string>;
}

export function cardClass(item: TTrainDetail['card'][number], current?: number): string {
  let cls = '';
  if (item.answered)
    cls =
      item.isRight === true
        ? 'train-card-btn--right'
        : item.isRight === false
          ? 'train-card-btn--wrong'
          : 'train-card-btn--done';
  return `${cls} ${item.sort === current ? 'train-card-btn--current' : ''}`;
}

export default function AnswerCard({ card, current, onPick, pending, failed }: Props) {
  const unsaved = (quId: string) => Boolean(pending?.has(quId) || failed?.has(quId));
  return (
    <>
      <div className="train-card-grid" data-testid="answer-card">
        {card.map((item) => (
          <Button
            key={item.quId}
            size="small"
            className={`${cardClass(item, current)}${unsaved(item.quId) ? ' train-card-btn--unsaved' : ''}`}
            data-save={unsaved(item.quId) ? 'pending' : 'saved'}
            title={unsaved(item.quId) ? '未保存' : undefined}
            onClick={() => onPick?.(item.sort)}
          >
            {item.sort + 1}
          </Button>
        ))}
      </div>
      <div className="train-legend">
        <span>
          <i className="train-card-btn--right" />
          答对
        </span>
        <span>
          <i className="train-card-btn--wrong" />
          答错
        </span>
        <span>
          <i className="train-card-btn--done" />
          已答
        </span>
        <span>
          <i />
          未答
        </span>
        {pending && (
          <span>
            <i className="train-card-btn--unsaved" />
            未保存
          </span>
        )}
      </div>
    </>
  );
}
