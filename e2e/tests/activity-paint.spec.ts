import { expect, test } from '@playwright/test';
import { signInDesktopRider } from '../support/tracker.js';

/**
 * The activity page of a 6-hour ride (issue 23): its first chart paints within 200 ms of the
 * data. In a file of its own for its trace setting: Playwright's trace snapshots walk the DOM on
 * the page's thread at each action and poll (some 30 ms a load), inside the window measured
 * here; that is the test's cost, not the page's. The trace keeps its network and console.
 */
test.use({ trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false } });

/** A 6-hour ride, second by second. */
const LONG_RIDE_SECONDS = 21_600;
/**
 * Issue 23's bound, from the page having the data to the frame after the first chart's (the
 * median of three loads). The other charts follow a frame each after it (ActivityCharts.tsx).
 */
const FIRST_PAINT_BOUND_MS = 200;

test('the charts of a 6-hour ride paint quickly', async ({ page }) => {
  await signInDesktopRider(page);
  const n = LONG_RIDE_SECONDS;
  const wave = (i: number, base: number, swing: number) =>
    Math.round(base + swing * Math.sin(i / 300));
  const series = {
    track_id: 2_000_000_000,
    title: 'Six hours',
    url: 'six-hours',
    timestamp: new Date().toISOString(),
    elapsed_time: Array.from({ length: n }, (_, i) => i),
    power: Array.from({ length: n }, (_, i) => wave(i, 210, 80)),
    heart_rate: Array.from({ length: n }, (_, i) => wave(i, 140, 20)),
    cadence: Array.from({ length: n }, (_, i) => wave(i, 88, 10)),
    distance: Array.from({ length: n }, (_, i) => i * 8),
    grade: Array.from({ length: n }, (_, i) => Math.round(40 * Math.sin(i / 900)) / 10),
    elevation: Array.from(
      { length: n },
      (_, i) => Math.round(3000 + 2000 * Math.sin(i / 900)) / 10,
    ),
  };
  await page.route('**/api/v1/tracks/2000000000/series', (route) =>
    route.fulfill({ json: series }),
  );
  // Three loads of the page, each a new document drawing from nothing.
  const loads: Array<{ drawn: number; painted: number; fromResponse: number }> = [];
  for (let load = 0; load < 3; load += 1) {
    await page.goto('/activities/2000000000');
    const charts = page.getByTestId('activity-charts');
    await expect(charts).toHaveAttribute('data-first-paint-ms', /\d/, { timeout: 15_000 });
    // Also from the answer's last byte (Resource Timing): JSON parse and the check included.
    const responseEnd = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return entries.find((e) => e.name.endsWith('/series'))?.responseEnd ?? NaN;
    });
    loads.push({
      drawn: Number(await charts.getAttribute('data-drawn-ms')),
      painted: Number(await charts.getAttribute('data-first-paint-ms')),
      fromResponse: Number(await charts.getAttribute('data-first-paint-at')) - responseEnd,
    });
  }
  const text = loads
    .map(
      (l) =>
        `drawn ${l.drawn} ms, painted ${l.painted} ms (${l.fromResponse.toFixed(1)} ms from the answer)`,
    )
    .join('; ');
  test.info().annotations.push({ type: 'activity charts, 21,600 s', description: text });
  console.log(`activity charts, ${n} s, from the data: ${text}`);
  // The median load: one slow frame on a busy machine does not decide it.
  const ms = [...loads.map((l) => l.painted)].sort((a, b) => a - b)[1]!;
  expect(ms).toBeLessThan(FIRST_PAINT_BOUND_MS);
  await expect(page.getByTestId('activity-chart-elevation').locator('canvas')).toBeVisible();
});
