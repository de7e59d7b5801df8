import { expect, test } from '@playwright/test';
import { expectPath } from '../support/accounts.js';
import { violationsOf } from '../support/axe.js';
import {
  playbackSamples,
  recordPastReactiveRide,
  routeDistance,
  setTrackerPower,
  startPlaybackSampler,
  videoTimeAt,
  watchPushedPoints,
} from '../support/reactive.js';
import { CLIMB, riderWithClimb } from '../support/climb.js';
import { measureEffort } from '../support/effort.js';
import { waitForGo } from '../support/ride.js';
import { connectSimulator } from '../support/tracker.js';

const EASY_WATTS = 100;
const HARD_WATTS = 400;
/** To the end quickly once the comparison is done. */
const FINISH_WATTS = 600;
/**
 * Issue 26's Reactive ride with the simulated trainer, on one ride to the route's end: a harder
 * effort plays the video faster over the same (constant) road; the profile shows the rider and
 * a ghost (an earlier reactive ride of the video) and the board lists it; the ride view passes
 * axe; at the end the recorded distance is the route's and the video shows that place (1 s).
 */
test('a reactive ride follows the rider: harder plays faster, a ghost rides along, no drift at the end', async ({
  page,
  baseURL,
}) => {
  // Sign-up, the upload and its processing, the 10 s countdown and about 35 s of riding.
  test.setTimeout(170_000);
  const { session, video, timeline } = await riderWithClimb(page, 'Reactive');
  const total = routeDistance(timeline);
  expect(total).toBeGreaterThan((CLIMB.clipSeconds - 2) * CLIMB.filmedMps);

  // The ghost: an earlier reactive ride at 100 % (6 m/s, ahead of an easy rider), saved.
  await recordPastReactiveRide(baseURL ?? '', session, video, timeline, {
    seconds: 25,
    watts: 250,
    speedMps: 6,
  });
  const ghosts = await page.request.get(`/api/v1/race/${video.id}/ghosts`, {
    headers: { 'x-auth-token': session.token },
  });
  expect(ghosts.status(), await ghosts.text()).toBe(200);
  const { own } = (await ghosts.json()) as { own: { display_name: string } | null };
  expect(own, "the earlier ride is the member's own best").not.toBeNull();
  // The board's and the marker's name for it (as the page names a ghost without one).
  const ghostName = own?.display_name || 'Rider';

  await page.goto(`/video/${video.url}`);
  await connectSimulator(page);
  try {
    await setTrackerPower(EASY_WATTS);
    // Reactive is a new member's choice beside Start, with the ghosts to pick from.
    const overlay = page.getByTestId('player-overlay');
    const modes = overlay.getByRole('radiogroup', { name: 'Ride mode' });
    await expect(modes.getByRole('radio', { name: 'Reactive' })).toBeChecked();
    await expect(overlay.getByRole('button', { name: 'Ghosts' })).toBeVisible();
    await test.step('axe: the start view with the mode choice', async () => {
      expect(await violationsOf(page)).toEqual([]);
    });

    const pushed = watchPushedPoints(page);
    await overlay.getByRole('button', { name: 'Start' }).click();

    const route = page.getByTestId('ride-route');
    await test.step('the profile shows the rider and the ghost; the board lists it', async () => {
      await expect(route).toHaveAttribute('data-reactive', 'true', { timeout: 10_000 });
      await expect(route.getByRole('img', { name: 'You' })).toBeVisible();
      await expect(route.getByRole('img', { name: `Ghost: ${ghostName}` })).toBeVisible();
      const board = page.getByRole('region', { name: 'Ghosts' });
      await expect(board.getByTestId('ghost-row').filter({ hasText: ghostName })).toBeVisible();
      await expect(board.getByTestId('ghost-row').filter({ hasText: 'You' })).toBeVisible();
    });

    await waitForGo(page, 15_000);
    await startPlaybackSampler(page);
    const samples = () => playbackSamples(page);
    const goAt = await page.evaluate(() => performance.now());

    const easy = await test.step(`${EASY_WATTS} W`, () => measureEffort(samples, goAt));
    // The ghost (6 m/s) is ahead of the easy rider, on the profile and on the board.
    const markerAt = async (name: string) =>
      Number(await route.getByRole('img', { name }).getAttribute('data-distance-m'));
    expect(await markerAt(`Ghost: ${ghostName}`)).toBeGreaterThan(await markerAt('You'));
    await expect(
      page.getByRole('region', { name: 'Ghosts' }).getByTestId('ghost-row').first(),
    ).toContainText(ghostName);

    await setTrackerPower(HARD_WATTS);
    const hardFrom = await page.evaluate(() => performance.now());
    const hard = await test.step(`${HARD_WATTS} W`, () => measureEffort(samples, hardFrom));
    test.info().annotations.push({
      type: 'playback',
      description: `${EASY_WATTS} W: rate ${easy.rate.toFixed(2)}, ${easy.advance.toFixed(2)} s/s, ${easy.metresPerSecond?.toFixed(1)} m/s; ${HARD_WATTS} W: rate ${hard.rate.toFixed(2)}, ${hard.advance.toFixed(2)} s/s, ${hard.metresPerSecond?.toFixed(1)} m/s`,
    });
    await test.step('the harder effort plays the video faster', () => {
      expect(hard.rate).toBeGreaterThanOrEqual(easy.rate * 1.5);
      expect(hard.advance).toBeGreaterThanOrEqual(easy.advance * 1.5);
      // The video plays at the rate it is given (it keeps up).
      for (const w of [easy, hard]) expect(w.advance / w.rate).toBeGreaterThan(0.8);
    });

    await setTrackerPower(FINISH_WATTS);
    await test.step('axe: the reactive ride view while riding', async () => {
      expect(await violationsOf(page)).toEqual([]);
    });

    await test.step('Pause ride reaches Save and Discard; Resume rides on', async () => {
      // The driver holds a stopped rider's video, so the ride has its own pause button.
      await page.getByRole('button', { name: 'Pause ride' }).click();
      const paused = page.getByTestId('ride-paused');
      await expect(paused.getByTestId('ride-save')).toBeVisible();
      await paused.getByTestId('ride-resume').click();
      await expect(paused).toHaveCount(0);
    });

    await test.step('the ride ends at the route end, the video held there', async () => {
      // The rider reaches the end: the video holds and the ride can only be saved.
      const paused = page.getByTestId('ride-paused');
      await expect(paused).toBeVisible({ timeout: 40_000 });
      await expect(paused.getByTestId('ride-resume')).toHaveCount(0);
      const held = await page
        .locator('[data-testid="player-stage"] video')
        .evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, paused: v.paused }));
      const routeEnd = videoTimeAt(timeline, total);
      test.info().annotations.push({
        type: 'end',
        description: `route ${total.toFixed(1)} m ends at ${routeEnd.toFixed(2)} s of video; held at ${held.time.toFixed(2)} s`,
      });
      expect(held.paused).toBe(true);
      expect(Math.abs(held.time - routeEnd)).toBeLessThanOrEqual(1);
    });

    await test.step('saved: the last point at the route end, its video time there', async () => {
      const saved = page.waitForResponse((r) => r.url().includes('/api/v1/tracks/index'));
      await page.getByTestId('ride-save').click();
      await expectPath(page, '/activities');
      await saved;
      // What was pushed (the last batch goes with Save), video_time included.
      const points = pushed();
      const last = points.at(-1);
      if (!last) throw new Error('no points were pushed');
      const trackId = last.track_id;
      expect(Math.abs(last.distance - total)).toBeLessThanOrEqual(0.5);
      expect(points.filter((p) => p.video_time === undefined)).toEqual([]);
      const drift = points.map((p) => ({
        second: p.elapsed_time,
        drift: Math.abs((p.video_time ?? Number.NaN) - videoTimeAt(timeline, p.distance)),
      }));
      const worst = drift.reduce((a, b) => (b.drift > a.drift ? b : a));
      test.info().annotations.push({
        type: 'drift',
        description: `${points.length} points; at the end ${drift.at(-1)?.drift.toFixed(3)} s; worst ${worst.drift.toFixed(3)} s at ride second ${worst.second}`,
      });
      expect(drift.at(-1)?.drift).toBeLessThanOrEqual(1);
      expect(worst.drift).toBeLessThanOrEqual(1);

      const answer = await page.request.get(`/api/v1/tracks/${trackId}/series`, {
        headers: { 'x-auth-token': session.token },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      const series = (await answer.json()) as {
        distance: number[];
        ride_mode?: string;
        difficulty?: number;
      };
      expect(series.ride_mode).toBe('reactive');
      expect(series.difficulty).toBe(100);
      expect(Math.abs((series.distance.at(-1) ?? 0) - total)).toBeLessThanOrEqual(0.5);
    });
  } finally {
    // What the video and the rider did, for a failure's report.
    const shown = await playbackSamples(page).catch(() => []);
    await test.info().attach('playback-samples.json', {
      body: JSON.stringify(shown),
      contentType: 'application/json',
    });
    // The config's tracker outlives this spec: the others ride at the default.
    await setTrackerPower(200);
  }
});
