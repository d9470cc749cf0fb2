/** The 14-day trend of sign-ins and new users (echarts line chart, resizes with its box). */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface TrendPoint {
  date: string;
  logins: number;
  newUsers: number;
}

export default function TrendChart({ data }: { data: TrendPoint[] }) {
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
    chart.setOption({
      color: ['#1890ff', '#52c41a'],
      tooltip: { trigger: 'axis' },
      legend: { data: ['登录人次', '新增用户'], top: 0 },
      grid: { left: 40, right: 24, top: 40, bottom: 28 },
      xAxis: { type: 'category', boundaryGap: false, data: data.map((p) => p.date.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: '登录人次', type: 'line', smooth: true, areaStyle: { opacity: 0.12 }, data: data.map((p) => p.logins) },
        {
          name: '新增用户',
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.12 },
          data: data.map((p) => p.newUsers),
        },
      ],
    });
  }, [data]);

  return <div ref={box} style={{ width: '100%', height: 240 }} data-testid="trend-chart" />;
}
