import { expect, test } from '@playwright/test';
import { makeRideClip, recordPastRide, uploadReadyVideo, waitForGo } from '../support/ride.js';
import { expectPath } from '../support/accounts.js';
import {
  activityCard,
  connectStravaFromProfile,
  STANDIN_BANNER,
  STANDIN_UPLOADS_PATH,
  turnOnStravaAutoSave,
} from '../support/strava.js';
import {
  connectSimulator,
  E2E_TRACKER_URL,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/** Auto-save takes rides over 60 s (document 001 section 9): this one rides 65 s. */
const LONG_RIDE_SECONDS = 65;
const SHORT_RIDE_SECONDS = 20;

test('a rider connects Strava, a ride over a minute is auto-saved and a short one uploaded by hand', async ({
  page,
  baseURL,
}) => {
  // Two uploads and their processing, a 5 s redirect, the countdown and 65 s of riding, Strava's jobs.
  test.setTimeout(300_000);
  // Desktop mode without the desktop app's bridge: the Connect button takes the browser flow.
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const session = await signInDesktopRider(page);

  // Auto-save on, then Strava connected from the profile through the stand-in.
  await turnOnStravaAutoSave(page);
  await connectStravaFromProfile(page);
  await expect(page.getByLabel('Save my rides to Strava automatically')).toBeChecked();

  // A ride over a minute of one video, ridden with the simulated trainer; a short one of
  // another, recorded over the ride channel.
  const long = uniqueTitle('Strava long');
  const short = uniqueTitle('Strava short');
  const longVideo = await uploadReadyVideo(
    page,
    session,
    long.title,
    await makeRideClip(LONG_RIDE_SECONDS + 15),
  );
  const shortVideo = await uploadReadyVideo(
    page,
    session,
    short.title,
    await makeRideClip(SHORT_RIDE_SECONDS + 5),
  );
  await recordPastRide(baseURL ?? '', session, shortVideo, {
    seconds: SHORT_RIDE_SECONDS,
    watts: 150,
  });
  await page.goto(`/video/${longVideo.url}`);
  await connectSimulator(page);
  await page.getByTestId('player-overlay').getByRole('button', { name: 'Start' }).click();
  await waitForGo(page, 15_000);
  await expect(page.getByTestId('ride-time')).toHaveText(/^0:01:(0[5-9]|1\d)$/, {
    timeout: (LONG_RIDE_SECONDS + 15) * 1000,
  });
  await page
    .locator('[data-testid="player-stage"] video')
    .evaluate((v: HTMLVideoElement) => v.pause());
  await page.getByTestId('ride-paused').getByTestId('ride-save').click();
  await expectPath(page, '/activities');

  // It went to Strava on its own (the list re-reads itself while the upload runs): greyed,
  // linking the activity.
  const longCard = activityCard(page, long.title);
  await expect(longCard).toHaveAttribute('data-uploaded', 'true', { timeout: 90_000 });
  await expect(longCard.getByTestId('activity-uploaded')).toBeVisible();
  await expect(longCard.getByTestId('activity-strava-link')).toHaveText('View on Strava');
  await expect(longCard.getByTestId('activity-strava-link')).toHaveAttribute(
    'href',
    /\/activities\/[\w-]+$/,
  );
  await expect(longCard.getByTestId('activity-strava-upload')).toHaveCount(0);

  // The short one (under a minute) was not; it goes by hand, through the confirmation.
  const shortCard = activityCard(page, short.title);
  await expect(shortCard).toHaveAttribute('data-uploaded', 'false');
  await shortCard.getByTestId('activity-strava-upload').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to upload this track to Strava?');
  await dialog.getByTestId('confirm-strava-upload').click();
  await expect(page.getByText('Uploaded!', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Your track has been uploaded!')).toBeVisible();
  await expect(shortCard).toHaveAttribute('data-uploaded', 'true', { timeout: 10_000 });
  await expect(shortCard.getByTestId('activity-strava-link')).toBeVisible();

  // The stand-in received both, as virtual rides named after their videos.
  await page.goto(STANDIN_UPLOADS_PATH);
  await expect(page.getByText(STANDIN_BANNER).first()).toBeVisible();
  await expect(page.getByText(long.title).first()).toBeVisible();
  await expect(page.getByText(short.title).first()).toBeVisible();
});
