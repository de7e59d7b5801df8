import { useEffect, useMemo, useRef, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatHms, type ActivitySeries } from '@ridealong/contracts';
import { useUnits } from '../../../lib/units';
import { chartMakers, type Chart, type ChartStats } from '../lib/chartSeries';

/** One chart: its heading, colour, unit, and its data made when it is drawn. */
type ChartSpec = {
  key: string;
  title: string;
  unit: string;
  colour: string;
  make: () => Chart;
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
 * label that says what it shows in words. The first chart is drawn at once and the others one
 * a frame after it has been painted: drawing all four before the first frame held it back.
 * `data-first-paint-ms` holds the time from the data (`receivedAt`) to the frame after the
 * first chart's (the activity page's performance check reads it; `data-first-paint-at` the
 * performance.now() of it), `data-drawn-ms` to the end of the first chart's drawing (the work
 * done here, without waiting for a frame), `data-all-drawn-ms` to the end of the last one's.
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
    const make = chartMakers(series, units);
    const list: ChartSpec[] = [
      { key: 'power', title: 'Power', unit: 'W', colour: '#1971c2', make: make.power },
      {
        key: 'heart-rate',
        title: 'Heart rate',
        unit: 'bpm',
        colour: '#c92a2a',
        make: make.heartRate,
      },
      { key: 'cadence', title: 'Cadence', unit: 'rpm', colour: '#5f3dc4', make: make.cadence },
    ];
    if (make.elevation) {
      list.push({
        key: 'elevation',
        title: 'Elevation',
        unit: make.elevationUnit,
        colour: '#2b8a3e',
        make: make.elevation,
      });
    }
    return list;
  }, [series, units]);
  // Each chart's words, known once it is made; set once, when the last one is drawn.
  const [labels, setLabels] = useState<Record<string, string>>({});

  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const targets = [...root.querySelectorAll<HTMLElement>('[data-chart]')];
    const width = () => Math.max(240, root.clientWidth);
    const plots: uPlot[] = [];
    const since = () => (performance.now() - began.current).toFixed(1);
    const described: Record<string, string> = {};
    const draw = (i: number) => {
      const spec = specs[i]!;
      const chart = spec.make();
      described[spec.key] = describe(spec.title, spec.unit, chart.stats);
      plots.push(new uPlot(chartOptions(spec, width()), chart.data, targets[i]!));
    };
    let frame = 0;
    const nextFrame = (run: () => void) => {
      frame = requestAnimationFrame(run);
    };
    // The rest, one chart a frame: none holds back the frame that shows the one before.
    const drawFrom = (i: number) => {
      if (i >= specs.length) {
        root.dataset.allDrawnMs = since();
        setLabels(described);
        return;
      }
      draw(i);
      nextFrame(() => drawFrom(i + 1));
    };
    // The first chart at once (uPlot draws in a microtask queued by its constructor: the one
    // queued here runs after it).
    draw(0);
    queueMicrotask(() => {
      root.dataset.drawnMs = since();
    });
    // The frame after the one that drew the first chart has been painted.
    nextFrame(() =>
      nextFrame(() => {
        if (!root.dataset.firstPaintMs) {
          root.dataset.firstPaintMs = since();
          root.dataset.firstPaintAt = performance.now().toFixed(1);
        }
        drawFrom(1);
      }),
    );
    // Its first call comes in the first chart's frame, at the width it was drawn at: no redraw.
    let drawnWidth = width();
    const resize = new ResizeObserver(() => {
      if (width() === drawnWidth) return;
      drawnWidth = width();
      for (const plot of plots) plot.setSize({ width: drawnWidth, height: HEIGHT });
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
            aria-label={labels[spec.key] ?? `${spec.title}: the chart is being drawn.`}
            data-chart={spec.key}
            data-testid={`activity-chart-${spec.key}`}
            // Its height before it is drawn: the charts below do not move when it is.
            style={{ minHeight: HEIGHT }}
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
