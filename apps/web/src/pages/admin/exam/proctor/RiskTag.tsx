/** The risk score as a coloured tag (none at 0) and a learner's flags as tags. */
import type { TProctorFlag } from '@exam/contracts';
import { Tag } from 'antd';
import { FLAG_COLORS, flagLabel, riskColor } from './risk';

export function RiskTag({ score }: { score: number }) {
  const color = riskColor(score);
  if (!color) return <span className="proctor__muted">0</span>;
  return (
    <Tag color={color} data-testid="proctor-risk">
      {score}
    </Tag>
  );
}

export function FlagTags({ flags }: { flags: TProctorFlag[] }) {
  if (!flags.length) return <span className="proctor__muted">-</span>;
  return (
    <span className="proctor__flags">
      {flags.map((f) => (
        <Tag key={f} color={FLAG_COLORS[f]} data-testid={`proctor-flag-${f}`}>
          {flagLabel(f)}
        </Tag>
      ))}
    </span>
  );
}
