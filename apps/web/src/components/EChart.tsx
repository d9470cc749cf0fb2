/**
 * One ECharts set-up for every chart of the app: init on a box, resize with it, dispose on unmount,
 * and apply the option whenever it changes. Each caller registers the chart kinds it draws
 * (`modules`), so a page carries only the parts of ECharts it uses; load the caller lazily, since
 * the core alone is large.
 */
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

type EChartsModule = Parameters<typeof echarts.use>[0];

export interface EChartProps {
  option: Record<string, unknown>;
  /** The chart kinds and components the option needs (echarts/charts, echarts/components). */
  modules: EChartsModule;
  height: number | string;
  testId?: string;
  /** What the chart shows, for screen readers. */
  ariaLabel?: string;
  style?: CSSProperties;
  /** A click on a data item (e.g. a heat map cell), with its ECharts parameters. */
  onItemClick?: (params: { componentType: string; data: unknown; name: string; value: unknown }) => void;
}

export default function EChart({ option, modules, height, testId, ariaLabel, style, onItemClick }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    echarts.use([CanvasRenderer]);
    echarts.use(modules);
    const chart = echarts.init(el);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [modules]);

  useEffect(() => {
    const chart = box.current ? echarts.getInstanceByDom(box.current) : undefined;
    if (!chart) return;
    chart.setOption(option, true);
    chart.off('click');
    if (onItemClick) chart.on('click', (p) => onItemClick(p as never));
  }, [option, onItemClick]);

  return (
    <div ref={box} role="img" aria-label={ariaLabel} style={{ width: '100%', height, ...style }} data-testid={testId} />
  );
}
