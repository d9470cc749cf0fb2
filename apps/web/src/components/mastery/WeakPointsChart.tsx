/**
 * "需要加强的知识点": the learner's weakest points as horizontal bars (mastery %), weakest on top,
 * coloured by the difficulty bands' edges (below 40 % red, below 70 % orange, else green). Loaded
 * lazily by WeakPointsCard, so ECharts is not on the first page.
 */
import type { TMasteryPoint } from '@exam/contracts';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { useMemo } from 'react';
import EChart from '../EChart';

const MODULES = [BarChart, GridComponent, TooltipComponent];
const colour = (m: number) => (m < 0.4 ? '#ff4d4f' : m < 0.7 ? '#fa8c16' : '#52c41a');
const short = (s: string) => (s.length > 8 ? `${s.slice(0, 7)}…` : s);

export default function WeakPointsChart({ points }: { points: TMasteryPoint[] }) {
  // ECharts draws the first category at the bottom: reverse so the weakest is on top.
  const shown = useMemo(() => [...points].reverse(), [points]);
  const option = useMemo(
    () => ({
      tooltip: {
        trigger: 'item',
        formatter: (p: { dataIndex: number }) => {
          const k = shown[p.dataIndex];
          return `${k.pathTitle}<br/>掌握度 ${Math.round(k.mastery * 100)}%（${k.answers} 次作答）`;
        },
      },
      grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', min: 0, max: 100, interval: 25, axisLabel: { formatter: '{value}%' } },
      yAxis: { type: 'category', data: shown.map((k) => short(k.title)), axisTick: { show: false } },
      series: [
        {
          type: 'bar',
          barMaxWidth: 18,
          label: { show: true, position: 'right', formatter: '{c}%' },
          data: shown.map((k) => ({
            value: Math.round(k.mastery * 100),
            itemStyle: { color: colour(k.mastery), borderRadius: [0, 4, 4, 0] },
          })),
        },
      ],
    }),
    [shown],
  );
  return (
    <EChart
      option={option}
      modules={MODULES}
      height={Math.max(120, shown.length * 34 + 24)}
      testId="weak-points-chart"
      ariaLabel={`需要加强的知识点：${points.map((k) => `${k.title} ${Math.round(k.mastery * 100)}%`).join('，')}`}
    />
  );
}
