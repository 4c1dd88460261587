import type { EChartsOption } from 'echarts';
import { type CSSProperties, useEffect, useRef } from 'react';

type EChartsCore = typeof import('echarts/core');

let loading: Promise<EChartsCore> | null = null;

/** ECharts is loaded on demand and only the parts the pages draw (bar, pie, calendar heatmap, the rating history's
 * line over its bands) are registered,
 * which keeps the chunk small and off the first visit (the bundle budget of decision 0004). */
export const loadEcharts = () => {
  loading ??= Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]).then(([core, charts, components, renderers]) => {
    core.use([
      charts.BarChart,
      charts.PieChart,
      charts.HeatmapChart,
      charts.LineChart,
      components.GridComponent,
      components.TooltipComponent,
      components.LegendComponent,
      components.CalendarComponent,
      components.VisualMapComponent,
      components.MarkAreaComponent,
      components.TitleComponent,
      renderers.CanvasRenderer,
    ]);
    return core;
  });
  return loading;
};

/** A chart with an accessible name; re-renders when the option changes and follows its box's size. */
export const EChart = ({ option, label, style }: { option: EChartsOption; label: string; style?: CSSProperties }) => {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<EChartsCore['init']> | null>(null);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadEcharts().then((core) => {
      if (disposed || !box.current) return;
      chart.current = core.init(box.current);
      chart.current.setOption(option);
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
    // The chart is created once; option changes go through setOption below.
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: 300, ...style }} />;
};
