import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One figure's points as a small area chart (uPlot), sized to its container; labels on hover. */
export const SparkChart = ({ labels, values, label }: { labels: string[]; values: number[]; label: string }) => {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const color = getComputedStyle(element).getPropertyValue('--color-primary').trim() || '#2563eb';
    const xs = labels.map((_, i) => i);
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 120),
        height: 72,
        legend: { show: false },
        cursor: { y: false, points: { size: 6 } },
        scales: { x: { time: false } },
        axes: [{ show: false }, { show: false }],
        series: [
          { value: (_u, i) => labels[i] ?? '' },
          { label, stroke: color, width: 2, fill: `${color}22`, points: { show: values.length <= 1 } },
        ],
      },
      [xs, values],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 120), height: 72 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, values, label]);
  return <div ref={host} role="img" aria-label={label} />;
};
