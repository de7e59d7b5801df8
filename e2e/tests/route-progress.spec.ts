import { fileURLToPath } from 'node:url';
import { expect, test, type Locator } from '@playwright/test';
import { chooseSteady, uploadReadyVideo, waitForGo } from '../support/ride.js';
import {
  connectSimulator,
  E2E_TRACKER_URL,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/** A real GoPro clip (10.5 s) whose GPS gives a short route: the rider can be placed on it. */
const GOPRO_CLIP = fileURLToPath(
  new URL('../../packages/media/test/fixtures/gopro-max-heromode.mp4', import.meta.url),
);

/** The marker's distance along the route (metres), as the page last placed it. */
const distanceOf = async (marker: Locator) => Number(await marker.getAttribute('data-distance-m'));
const leftOf = (marker: Locator) =>
  marker.evaluate((m: HTMLElement) => Number.parseFloat(m.style.left));

const SLOPE_TEXT = /^Now -?\d+\.\d %( · next \d+ (ft|m) -?\d+\.\d %)?$/;

/**
 * The road's profile for every rider (issue 25): on the video page the Description tab's
 * profile carries a marker at the player's time, which moves as the video plays and seeks,
 * with the slope now and ahead; in a ride the same, small, over the video.
 */
test('the route profile follows the video on its page and in a ride', async ({ page }) => {
  // Sign-up, the upload and its processing, the 10 s countdown and the ride.
  test.setTimeout(240_000);
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const session = await signInDesktopRider(page);
  const { title } = uniqueTitle('Route marker');
  const video = await uploadReadyVideo(page, session, title, GOPRO_CLIP);

  await page.goto(`/video/${video.url}`);
  const progress = page.getByTestId('route-progress');
  const marker = progress.getByTestId('route-marker');
  await expect(marker).toBeVisible();
  // Before playing: at the start of the route.
  await expect(marker).toHaveAttribute('data-distance-m', /^\d+\.\d$/);
  const start = await distanceOf(marker);
  await expect(progress.getByTestId('slope-ahead')).toHaveText(SLOPE_TEXT);

  // Playing moves it; seeking puts it where the video is.
  await page.getByTestId('player-overlay').getByRole('button', { name: 'Preview' }).click();
  await expect.poll(() => distanceOf(marker), { timeout: 20_000 }).toBeGreaterThan(start);
  const player = page.getByTestId('race-video');
  await player.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 2;
  });
  await expect.poll(() => distanceOf(marker)).toBeGreaterThan(start);
  const early = { d: await distanceOf(marker), left: await leftOf(marker) };
  await player.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 8;
  });
  await expect.poll(() => distanceOf(marker)).toBeGreaterThan(early.d + 1);
  expect(await leftOf(marker)).toBeGreaterThan(early.left);
  await page.evaluate(() => document.fullscreenElement && document.exitFullscreen());

  // In a ride: the small profile over the video, with the marker and the slope ahead.
  await page.reload();
  await connectSimulator(page);
  // The marker follows the video at 1x here; reactive rides have their own spec.
  await chooseSteady(page);
  await page.getByTestId('player-overlay').getByRole('button', { name: 'Start' }).click();
  const ride = page.getByTestId('ride-route');
  await expect(ride).toBeVisible({ timeout: 10_000 });
  await expect(ride.getByRole('img', { name: /^Elevation profile over/ })).toBeVisible();
  await expect(ride.getByTestId('slope-ahead')).toHaveText(SLOPE_TEXT);
  const rideMarker = ride.getByTestId('route-marker');
  await expect(rideMarker).toBeVisible();
  await waitForGo(page, 15_000);
  const atGo = await distanceOf(rideMarker);
  await expect.poll(() => distanceOf(rideMarker), { timeout: 8000 }).toBeGreaterThan(atGo + 1);
  // Small and off the centre of the video: the top-left corner under the exit button.
  const box = await ride.boundingBox();
  const stage = await page.getByTestId('player-stage').boundingBox();
  if (!box || !stage) throw new Error('no layout box for the ride route or the stage');
  expect(box.x + box.width).toBeLessThan(stage.x + stage.width / 2);
  expect(box.y + box.height).toBeLessThan(stage.y + stage.height / 2);
});
