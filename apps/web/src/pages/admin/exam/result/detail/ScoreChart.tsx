/** Score distribution as a bar chart (echarts). */
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export default function ScoreChart({
  data,
  passScore,
}: {
  data: { label: string; from: number; count: number }[];
  passScore: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current);
    chart.setOption({
      tooltip: {
        trigger: 'axis',
        formatter: (p: { name: string; value: number }[]) => `${p[0].name} 分<br/>${p[0].value} 人次`,
      },
      grid: { left: 40, right: 16, top: 20, bottom: 40 },
      xAxis: { type: 'category', data: data.map((d) => d.label), name: '分数段', nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'value', minInterval: 1, name: '人次' },
      series: [
        {
          type: 'bar',
          barMaxWidth: 36,
          data: data.map((d) => ({
            value: d.count,
            itemStyle: { color: d.from >= passScore ? '#52c41a' : '#1677ff', borderRadius: [4, 4, 0, 0] },
          })),
          label: { show: true, position: 'top' },
        },
      ],
    });
    const onResize = () => chart.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
  }, [data, passScore]);
  return <div ref={el} style={{ width: '100%', height: 280 }} data-testid="score-chart" />;
}
