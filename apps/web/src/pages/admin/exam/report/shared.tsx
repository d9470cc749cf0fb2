/** Pieces shared by the report tabs: the lazily loaded chart, percentages, the period picker. */
import { DatePicker, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense } from 'react';
import type { ReportChartProps } from './ReportChart';

// ECharts (~150 KB gzip) loads only when a report draws a chart.
const LazyChart = lazy(() => import('./ReportChart'));

export function Chart(props: ReportChartProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <LazyChart {...props} />
    </Suspense>
  );
}

export { formatPercent as pct } from '../../../../utils/number';

export type Period = [Dayjs | null, Dayjs | null] | null;

/** The period as the API's `from`/`to` (whole days). */
export const periodQuery = (p: Period) => ({
  from: p?.[0] ? p[0].startOf('day').toISOString() : undefined,
  to: p?.[1] ? p[1].endOf('day').toISOString() : undefined,
});

export function PeriodPicker({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  return (
    <DatePicker.RangePicker
      value={value}
      onChange={(v) => onChange(v as Period)}
      placeholder={['考试开始（起）', '考试开始（止）']}
      allowEmpty={[true, true]}
    />
  );
}
