/** A time in a narrow list column: the date on one line, the time (and an optional suffix) below. */
import { formatTime } from '../utils/date-format';

export default function DateTimeLines({ value, suffix = '' }: { value: string | null | undefined; suffix?: string }) {
  if (!value) return <>-</>;
  return (
    <span className="date-time-lines">
      {formatTime(value, 'YYYY-MM-DD')}
      <br />
      {formatTime(value, 'HH:mm:ss')}
      {suffix}
    </span>
  );
}
