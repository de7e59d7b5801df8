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

/** Start: one press rides solo, its countdown at once; no group is hosted (docs/decisions.md). */
async function startRide(page: Page): Promise<void> {
  await page
    .getByTestId('player-overlay')
    .getByRole('button', { name: 'Start', exact: true })
    .click();
  await expect(page.getByTestId('ride-countdown')).toBeVisible();
  await expect(page.getByTestId('group-waiting-room')).toHaveCount(0);
  await expect(page.getByTestId('group-mode')).toHaveCount(0);
  await waitForGo(page, 15_000);
  await expect(page.getByTestId('group-waiting-room')).toHaveCount(0);
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
});
