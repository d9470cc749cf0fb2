/** A line or bar chart of the reports (echarts, loaded lazily by the page; resizes with its box). */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ChartSeries {
  name: string;
  /** 0-1 rates, drawn as percentages. */
  data: (number | null)[];
}

export interface ReportChartProps {
  kind: 'line' | 'bar';
  categories: string[];
  series: ChartSeries[];
  testId: string;
}

const pct = (v: number) => `${Math.round(v * 10000) / 100}%`;

export default function ReportChart({ kind, categories, series, testId }: ReportChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = echarts.init(el);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    const chart = el ? echarts.getInstanceByDom(el) : undefined;
    if (!chart) return;
    chart.setOption(
      {
        color: ['#1890ff', '#52c41a', '#fa8c16'],
        tooltip: {
          trigger: 'axis',
          valueFormatter: (v: unknown) => (typeof v === 'number' ? pct(v) : '—'),
        },
        legend: { data: series.map((s) => s.name), top: 0 },
        grid: { left: 56, right: 24, top: 40, bottom: 48 },
        xAxis: {
          type: 'category',
          data: categories,
          axisLabel: { interval: 0, width: 110, overflow: 'truncate', rotate: categories.length > 6 ? 30 : 0 },
        },
        yAxis: { type: 'value', min: 0, max: 1, axisLabel: { formatter: pct } },
        series: series.map((s) => ({
          name: s.name,
          type: kind,
          smooth: kind === 'line',
          connectNulls: true,
          barMaxWidth: 36,
          label:
            kind === 'bar'
              ? { show: true, position: 'top', formatter: (p: { value: number }) => pct(p.value) }
              : undefined,
          data: s.data,
        })),
      },
      true,
    );
  }, [kind, categories, series]);

  return <div ref={box} style={{ width: '100%', height: 300 }} data-testid={testId} />;
}
