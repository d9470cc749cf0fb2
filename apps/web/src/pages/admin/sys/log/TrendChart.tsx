/** The 14-day trend of sign-ins and new users (a line chart on the shared EChart). */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { useMemo } from 'react';
import EChart from '../../../../components/EChart';

const MODULES = [LineChart, GridComponent, LegendComponent, TooltipComponent];

export interface TrendPoint {
  date: string;
  logins: number;
  newUsers: number;
}

export default function TrendChart({ data }: { data: TrendPoint[] }) {
  const option = useMemo(
    () => ({
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
    }),
    [data],
  );
  return (
    <EChart option={option} modules={MODULES} height={240} testId="trend-chart" ariaLabel="近14天登录与新增用户趋势" />
  );
}
