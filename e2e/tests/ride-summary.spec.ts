import { expect, test, type Page } from '@playwright/test';
import { expectPath } from '../support/accounts.js';
import {
  installDesktopBridge,
  makeRideClip,
  uploadReadyVideo,
  waitForGo,
} from '../support/ride.js';
import {
  connectSimulator,
  E2E_TRACKER_URL,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/** The clip is ridden to its end: a whole number of seconds, so it lists as 0:12. */
const CLIP_SECONDS = 12;
/** A 6-hour ride, second by second (issue 23: its charts paint within 200 ms of the data). */
const LONG_RIDE_SECONDS = 21_600;
/** Load-tolerant: the measured time is far under it (see the report), a busy CI machine not. */
const FIRST_PAINT_BOUND_MS = 1000;

/** Start: one press rides solo; where Start still hosts a group, its waiting room's Start. */
async function startRide(page: Page): Promise<void> {
  await page
    .getByTestId('player-overlay')
    .getByRole('button', { name: 'Start', exact: true })
    .click();
  const room = page.getByTestId('group-waiting-room');
  const countdown = page.getByTestId('ride-countdown');
  await expect(room.or(countdown).first()).toBeVisible();
  if (await room.isVisible()) await room.getByRole('button', { name: 'Start' }).click();
  await waitForGo(page, 15_000);
}

test.describe.serial('after the ride', () => {
  test('the ride ends with its summary, every second of the video, and its activity page charts it', async ({
    page,
  }) => {
    // Upload and processing, the countdown, the 12 s ride, the save.
    test.setTimeout(180_000);
    await installDesktopBridge(page);
    await useTrackerUrl(page, E2E_TRACKER_URL);
    const session = await signInDesktopRider(page);
    const { title } = uniqueTitle('Summary ride');
    const video = await uploadReadyVideo(page, session, title, await makeRideClip(CLIP_SECONDS));
    await page.goto(`/video/${video.url}`);
    await connectSimulator(page);
    await startRide(page);

    // Ridden to the video's end: the last second is recorded and shown.
    const paused = page.getByTestId('ride-paused');
    await expect(paused).toBeVisible({ timeout: (CLIP_SECONDS + 10) * 1000 });
    await expect(page.getByTestId('ride-time')).toHaveText(`0:00:${CLIP_SECONDS}`);
    const summary = paused.getByTestId('ride-summary');
    await expect(summary).toBeVisible();
    await expect(summary.getByTestId('summary-time')).toHaveText(`0:00:${CLIP_SECONDS}`);
    await expect(summary.getByTestId('summary-distance')).toHaveText(/^\d+\.\d\d mi$/);
    await expect(summary.getByTestId('summary-avg-power')).toHaveText(/^[1-9]\d* W$/);
    await expect(summary.getByTestId('summary-max-power')).toHaveText(/^[1-9]\d* W$/);
    // A new member has no weight in the profile: the summary says so rather than guess.
    await expect(summary.getByTestId('summary-wkg')).toHaveText('set your weight in your profile');
    await expect(paused.getByTestId('ride-save')).toBeVisible();
    await expect(paused.getByTestId('ride-discard')).toBeVisible();

    await paused.getByTestId('ride-save').click();
    await expectPath(page, '/activities');
    const card = page.getByTestId('activity-card').first();
    await expect(card.getByTestId('activity-title')).toHaveText(title);
    await expect(card.getByTestId('activity-duration')).toHaveText(`0:00:${CLIP_SECONDS}`);

    await card.getByTestId('activity-details').click();
    await expect(page.getByTestId('activity-page-title')).toHaveText(title);
    await expect(page.getByTestId('ride-summary').getByTestId('summary-time')).toHaveText(
      `0:00:${CLIP_SECONDS}`,
    );
    for (const chart of ['power', 'heart-rate', 'cadence']) {
      const figure = page.getByTestId(`activity-chart-${chart}`);
      await expect(figure.locator('canvas')).toBeVisible();
      await expect(figure).toHaveAttribute('aria-label', /over the ride|no readings/);
    }
    await expect(page.getByTestId('activity-chart-power')).toHaveAttribute(
      'aria-label',
      /^Power over the ride: average [1-9]\d* W/,
    );
  });

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
    const loads: Array<{ drawn: number; painted: number }> = [];
    for (let load = 0; load < 3; load += 1) {
      await page.goto('/activities/2000000000');
      const charts = page.getByTestId('activity-charts');
      await expect(charts).toHaveAttribute('data-first-paint-ms', /\d/, { timeout: 15_000 });
      loads.push({
        drawn: Number(await charts.getAttribute('data-drawn-ms')),
        painted: Number(await charts.getAttribute('data-first-paint-ms')),
      });
    }
    const text = loads.map((l) => `drawn ${l.drawn} ms, painted ${l.painted} ms`).join('; ');
    test.info().annotations.push({ type: 'activity charts, 21,600 s', description: text });
    console.log(`activity charts, ${n} s, from the data: ${text}`);
    // The median load: one slow frame on a busy machine does not decide it.
    const ms = [...loads.map((l) => l.painted)].sort((a, b) => a - b)[1]!;
    expect(ms).toBeLessThan(FIRST_PAINT_BOUND_MS);
    await expect(page.getByTestId('activity-chart-elevation').locator('canvas')).toBeVisible();
  });
});
