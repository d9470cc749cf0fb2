/** States how a composite's score reaches its children, with an example for the current number of children. */
import { COMPOSITE_SCORE_RULE, splitCompositeScore } from '@exam/contracts';
import { Typography } from 'antd';

const EXAMPLE_TOTAL = 20;

export default function CompositeScoreHint({ parts }: { parts: number }) {
  const example = parts > 0 ? splitCompositeScore(EXAMPLE_TOTAL, parts).join(' / ') : null;
  return (
    <Typography.Text type="secondary" data-testid="composite-score-hint">
      {COMPOSITE_SCORE_RULE}
      {example ? `（例：组卷时本题 ${EXAMPLE_TOTAL} 分，${parts} 道小题各得 ${example} 分）` : '。'}
    </Typography.Text>
  );
}
