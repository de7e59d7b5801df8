import { useEffect, useMemo, useRef } from 'react';
import { Stack, Text } from '@mantine/core';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatHms, type ActivitySeries } from '@ridealong/contracts';
import { useUnits } from '../../../lib/units';
import { activityCharts, type Chart, type ChartData, type ChartStats } from '../lib/chartSeries';

/** One chart: its heading, colour, unit and what its accessible label says. */
type ChartSpec = {
  key: string;
  title: string;
  unit: string;
  colour: string;
  data: ChartData;
  describe: string;
};

const HEIGHT = 150;
const SYNC_KEY = 'activity';

/** The ride's seconds on the x axis as h:mm:ss. */
const timeAxis = (_: uPlot, ticks: number[]) => ticks.map((t) => formatHms(t));

function chartOptions(spec: ChartSpec, width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { sync: { key: SYNC_KEY }, drag: { x: false, y: false } },
    scales: { x: { time: false } },
    axes: [
      { values: timeAxis, stroke: '#343a40', grid: { stroke: '#e9ecef' } },
      { label: spec.unit, stroke: '#343a40', grid: { stroke: '#e9ecef' }, size: 56 },
    ],
    series: [{}, { label: spec.title, stroke: spec.colour, width: 1.5, spanGaps: false }],
  };
}

/** What a chart shows, in words, for its accessible label. */
function describe(label: string, unit: string, stats: ChartStats): string {
  if (!stats) return `${label}: no readings.`;
  return `${label} over the ride: average ${stats.average} ${unit}, from ${stats.min} to ${stats.max} ${unit}.`;
}

/**
 * Power, heart rate, cadence and elevation over the ride: one canvas chart each (uPlot, made
 * for long time series; a long ride is thinned to each bucket's extremes first, chartSeries.ts),
 * their cursors moving together. Loaded only by the activity page. Each chart is an image with a
 * label that says what it shows in words. `data-first-paint-ms` holds the time from the data
 * (`receivedAt`) to the first painted frame (the activity page's performance check reads it),
 * `data-drawn-ms` to the end of the drawing (the work done here, without waiting for a frame).
 */
export default function ActivityCharts({
  series,
  receivedAt,
}: {
  series: ActivitySeries;
  /** performance.now() when the page had the data (its first render with it). */
  receivedAt?: number;
}) {
  const began = useRef(receivedAt ?? performance.now());
  const units = useUnits();
  const box = useRef<HTMLDivElement>(null);
  const specs = useMemo((): ChartSpec[] => {
    const charts = activityCharts(series, units);
    const list: Array<Omit<ChartSpec, 'describe' | 'data'> & { chart: Chart }> = [
      { key: 'power', title: 'Power', unit: 'W', colour: '#1971c2', chart: charts.power },
      {
        key: 'heart-rate',
        title: 'Heart rate',
        unit: 'bpm',
        colour: '#c92a2a',
        chart: charts.heartRate,
      },
      { key: 'cadence', title: 'Cadence', unit: 'rpm', colour: '#5f3dc4', chart: charts.cadence },
    ];
    if (charts.elevation) {
      list.push({
        key: 'elevation',
        title: 'Elevation',
        unit: charts.elevationUnit,
        colour: '#2b8a3e',
        chart: charts.elevation,
      });
    }
    return list.map(({ chart, ...c }) => ({
      ...c,
      data: chart.data,
      describe: describe(c.title, c.unit, chart.stats),
    }));
  }, [series, units]);

  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const targets = [...root.querySelectorAll<HTMLElement>('[data-chart]')];
    const width = () => Math.max(240, root.clientWidth);
    const plots = specs.map(
      (spec, i) => new uPlot(chartOptions(spec, width()), spec.data, targets[i]!),
    );
    // uPlot draws in a microtask queued by its constructor: this one runs after it.
    queueMicrotask(() => {
      root.dataset.drawnMs = (performance.now() - began.current).toFixed(1);
    });
    // The frame after the one that drew the charts has been painted.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        if (root.dataset.firstPaintMs) return;
        root.dataset.firstPaintMs = (performance.now() - began.current).toFixed(1);
      });
    });
    const resize = new ResizeObserver(() => {
      for (const plot of plots) plot.setSize({ width: width(), height: HEIGHT });
    });
    resize.observe(root);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      for (const plot of plots) plot.destroy();
    };
  }, [specs]);

  return (
    <Stack gap="md" ref={box} data-testid="activity-charts">
      {specs.map((spec) => (
        <section key={spec.key} aria-labelledby={`chart-${spec.key}`}>
          <Text id={`chart-${spec.key}`} component="h2" fw={700} size="md" mb={4}>
            {spec.title} ({spec.unit})
          </Text>
          <div
            role="img"
            aria-label={spec.describe}
            data-chart={spec.key}
            data-testid={`activity-chart-${spec.key}`}
          />
        </section>
      ))}
      {specs.length < 4 ? (
        <Text size="sm" c="gray.7" data-testid="activity-no-elevation">
          No elevation: this video has no slope data.
        </Text>
      ) : null}
    </Stack>
  );
}
