/** Viewers per minute of a room (echarts line chart; loaded lazily with the statistics drawer). */
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../utils/time';

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export default function TimelineChart({ data }: { data: { minute: string; viewers: number }[] }) {
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
    const chart = box.current ? echarts.getInstanceByDom(box.current) : undefined;
    chart?.setOption({
      color: ['#f5222d'],
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 24, bottom: 28 },
      xAxis: { type: 'category', data: data.map((p) => formatDateTime(p.minute).slice(11, 16)) },
      yAxis: { type: 'value', minInterval: 1, name: '观看人数' },
      series: [
        {
          name: '观看人数',
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.12 },
          data: data.map((p) => p.viewers),
        },
      ],
    });
  }, [data]);
  return <div ref={box} style={{ width: '100%', height: 260 }} data-testid="live-timeline" />;
}
