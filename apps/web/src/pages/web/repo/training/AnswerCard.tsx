/** The answer card of a session: one button per question, coloured by its state. */
import type { TTrainDetail } from '@exam/contracts';
import { Button } from 'antd';

interface Props {
  card: TTrainDetail['card'];
  current?: number;
  onPick?: (sort: number) => void;
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

export default function AnswerCard({ card, current, onPick }: Props) {
  return (
    <>
      <div className="train-card-grid" data-testid="answer-card">
        {card.map((item) => (
          <Button key={item.quId} size="small" className={cardClass(item, current)} onClick={() => onPick?.(item.sort)}>
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
      </div>
    </>
  );
}
