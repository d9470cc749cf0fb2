/**
 * Departments × knowledge points as a heat map of mean mastery (0-100 %), red for weak, green for
 * mastered; a cell without learners stays blank. Clicking a column whose point has children opens
 * them (the page keeps the path). Loaded lazily by the page.
 */
import type { TMasteryHeatmap } from '@exam/contracts';
import { HeatmapChart as Heatmap } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { useMemo } from 'react';
import EChart from '../../../../components/EChart';

const MODULES = [Heatmap, GridComponent, TooltipComponent, VisualMapComponent];

export default function HeatmapChart({ map, onOpen }: { map: TMasteryHeatmap; onOpen: (kpId: string) => void }) {
  const option = useMemo(() => {
    const x = new Map(map.points.map((p, i) => [p.id, i]));
    const y = new Map(map.depts.map((d, i) => [d.id, i]));
    return {
      tooltip: {
        formatter: (p: { data: [number, number, number, number] }) => {
          const [xi, yi, v, n] = p.data;
          return `${map.depts[yi].title} · ${map.points[xi].title}<br/>平均掌握度 ${v}%（${n} 人）`;
        },
      },
      grid: { left: 8, right: 8, top: 8, bottom: 60, containLabel: true },
      xAxis: { type: 'category', data: map.points.map((p) => p.title), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: { type: 'category', data: map.depts.map((d) => d.title) },
      visualMap: {
        // The mastery (the third value); the fourth, the number of learners, is for the tooltip.
        dimension: 2,
        min: 0,
        max: 100,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        text: ['掌握', '薄弱'],
        inRange: { color: ['#ff4d4f', '#fadb14', '#52c41a'] },
      },
      series: [
        {
          type: 'heatmap',
          label: { show: true, formatter: (p: { data: number[] }) => `${p.data[2]}%` },
          data: map.cells.map((c) => [x.get(c.kpId), y.get(c.deptId), Math.round(c.mastery * 100), c.learners]),
        },
      ],
    };
  }, [map]);
  return (
    <EChart
      option={option}
      modules={MODULES}
      height={Math.max(260, map.depts.length * 48 + 120)}
      testId="mastery-heatmap"
      ariaLabel="部门与知识点掌握度热力图"
      onItemClick={(p) => {
        const kp = map.points[(p.data as number[])[0]];
        if (kp?.hasChildren) onOpen(kp.id);
      }}
    />
  );
}
