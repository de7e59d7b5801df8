import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectPath } from '../support/accounts.js';
import {
  bridgeMessages,
  decodeFit,
  installDesktopBridge,
  makeRideClip,
  recordPastRide,
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

/** Seconds recorded after the countdown; the clip is longer so the ride ends by pausing. */
const RIDE_SECONDS = 30;
const PAST_RIDE_WATTS = 2000;
/**
 * The earlier ride is recorded at once, and the server takes no more seconds of video than
 * have passed since add-track plus 30 s: it stays within those. It lasts from its add-track for
 * its seconds, and a member's rides that overlap in time count once in the stats (issue 21):
 * it must end before the live ride's add-track, which comes with Start.
 */
const PAST_RIDE_SECONDS = 8;

test('a desktop rider rides a video with the simulated trainer, saves it and gets its FIT file', async ({
  page,
  baseURL,
}) => {
  // Upload and processing, the 10 s countdown, 30 s of riding, then the activity.
  test.setTimeout(240_000);
  await installDesktopBridge(page);
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const session = await signInDesktopRider(page);

  const { title } = uniqueTitle('Ride along');
  const video = await uploadReadyVideo(page, session, title, await makeRideClip(RIDE_SECONDS + 15));
  // An earlier, stronger ride of the same video: the live leaderboard ranks against it.
  await recordPastRide(baseURL ?? '', session, video, {
    seconds: PAST_RIDE_SECONDS,
    watts: PAST_RIDE_WATTS,
  });
  // The earlier ride lasts its seconds from its add-track: the live ride (whose add-track comes
  // with Start) must begin after it, or the two overlap and count once in the stats.
  const pastRideEnded = Date.now() + (PAST_RIDE_SECONDS + 1) * 1000;

  // The page is loaded once: the tracker connection lives as long as the page.
  await page.goto(`/video/${video.url}`);
  await connectSimulator(page);

  // Start: the countdown from 10 ends in 'Go!', then the video plays and recording begins.
  const openTracker = async () =>
    (await bridgeMessages(page)).filter((m) => m.channel === 'open-tracker').length;
  const trackerOpenedBefore = await openTracker();
  await page.waitForTimeout(Math.max(0, pastRideEnded - Date.now()));
  await page.getByTestId('player-overlay').getByRole('button', { name: 'Start' }).click();
  const countdown = page.getByTestId('ride-countdown');
  await expect(countdown).toHaveText('10');
  await waitForGo(page, 12_000);
  const videoElement = page.locator('[data-testid="player-stage"] video');
  const videoTime = () => videoElement.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(videoTime, { timeout: 5000 }).toBeGreaterThan(0);
  // With the trainer live, Start rode at once instead of asking the desktop app for the tracker.
  expect(await openTracker()).toBe(trackerOpenedBefore);

  // Live values while riding: h:mm:ss time, watts, miles, one-decimal slope.
  const time = page.getByTestId('ride-time');
  await expect(time).toHaveText('0:00:05', { timeout: 10_000 });
  await expect(page.getByTestId('ride-power')).toHaveText(/^[1-9]\d*/);
  await expect(page.getByTestId('ride-distance')).toHaveText(/^\d+\.\d\d/);
  await expect(page.getByTestId('ride-slope')).toHaveText(/^-?\d+\.\d/);

  // The leaderboard: the earlier ride (far more power) first, the live rider second.
  const rows = page.getByTestId('ride-leaderboard').getByTestId('leaderboard-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-self', 'false');
  await expect(rows.nth(1)).toHaveAttribute('data-self', 'true');

  await expect(time).toHaveText(`0:00:${RIDE_SECONDS}`, { timeout: RIDE_SECONDS * 1000 });
  await videoElement.evaluate((v: HTMLVideoElement) => v.pause());

  // Paused: Save (power was recorded) and Discard; Save lands on /activities.
  const paused = page.getByTestId('ride-paused');
  await expect(paused).toBeVisible();
  await expect(paused.getByTestId('ride-discard')).toBeVisible();
  await expect(paused.getByTestId('ride-no-input-discard')).toHaveCount(0);
  const saved = page.waitForResponse((r) => r.url().includes('/api/v1/tracks/index'));
  await paused.getByTestId('ride-save').click();
  await expectPath(page, '/activities');
  await saved;

  // The new ride and the earlier one, newest first, with the stats of both.
  const cards = page.getByTestId('activity-card');
  await expect(cards).toHaveCount(2);
  const card = cards.first();
  await expect(card.getByTestId('activity-title')).toHaveText(title);
  await expect(card.getByTestId('activity-duration')).toHaveText(/^0:00:(29|30|31)$/);
  await page.getByTestId('stats-tab-rides').click();
  await expect(page.getByTestId('stats-rides-weekly')).toHaveText('2');
  await expect(page.getByTestId('stats-rides-allTime')).toHaveText('2');
  await page.getByTestId('stats-tab-time').click();
  await expect(page.getByTestId('stats-time-allTime')).not.toHaveText('0');

  // Its FIT file, read by Garmin's own decoder: one record per second, a virtual ride.
  const download = page.waitForEvent('download');
  await card.getByTestId('activity-download').click();
  const file = await (await download).path();
  const fit = decodeFit(await readFile(file));
  expect(fit.integrity).toBe(true);
  expect(fit.errors).toEqual([]);
  expect(fit.messages.recordMesgs?.length).toBeGreaterThanOrEqual(RIDE_SECONDS - 1);
  expect(fit.messages.sessionMesgs?.[0]).toMatchObject({
    sport: 'cycling',
    subSport: 'virtualActivity',
  });
  expect(fit.messages.recordMesgs?.some((r) => Number(r.power) > 0)).toBe(true);
});
