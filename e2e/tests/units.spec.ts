import { expect, test, type Page } from '@playwright/test';
import { makeRideClip, recordPastRide, uploadReadyVideo } from '../support/ride.js';
import {
  E2E_TRACKER_URL,
  openConnectDevice,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/** Edit, choose the unit system (and a weight in it), Save: the saved sign shows. */
async function chooseUnits(page: Page, label: RegExp, weight?: string): Promise<void> {
  await page.goto('/profile');
  await page.getByTestId('profile-edit-toggle').click();
  await page.getByTestId('profile-units').getByText(label).click();
  if (weight !== undefined) await page.getByTestId('profile-weight').fill(weight);
  await page.getByTestId('profile-edit-toggle').click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByTestId('profile-saved')).toHaveText('Saved');
  await expect(page.getByTestId('profile-edit-toggle')).toHaveText('Edit');
}

/**
 * Units (issue 23): a member switches to metric in the profile and the ride screen, the
 * activities and the device drawer show km and km/h; back to imperial, they show miles again.
 */
test('the profile unit choice is used on the ride screen, activities and device drawer', async ({
  page,
  context,
  baseURL,
}) => {
  // Sign-up, a short clip's processing and one 10 s countdown.
  test.setTimeout(90_000);
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const session = await signInDesktopRider(page);
  const video = await uploadReadyVideo(
    page,
    session,
    uniqueTitle('Units').title,
    await makeRideClip(20),
  );
  await recordPastRide(baseURL ?? '', session, video, { seconds: 5, watts: 150 });

  await chooseUnits(page, /^Metric/, '70');
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('70');

  await page.goto('/activities');
  await expect(page.getByTestId('activity-distance')).toHaveText(/^\d+\.\d\d km$/);
  await expect(page.getByTestId('stats-tab-distance')).toHaveText('Distance (km)');

  await page.goto(`/video/${video.url}`);
  const panel = await openConnectDevice(page);
  const simulator = panel.getByRole('listitem', { name: 'RideAlong Simulator' });
  const connect = simulator.getByRole('button', { name: 'Connect', exact: true });
  await expect(simulator).toBeVisible({ timeout: 10_000 });
  if (await connect.isVisible()) await connect.click();
  await expect(simulator.getByTestId('device-state')).toHaveText('Connected');
  await expect(panel.getByTestId('live-speed')).toHaveText(/^\d+\.\d$/);
  await expect(panel.getByTestId('live-speed-unit')).toHaveText('km/h');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.getByTestId('player-overlay').getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('ride-distance-unit')).toHaveText('km', { timeout: 15_000 });
  await expect(page.getByTestId('ride-distance')).toHaveText(/^\d+\.\d\d$/);

  // Back to imperial in another tab (this one is mid-ride): miles, mph and the weight in lb.
  const other = await context.newPage();
  await useTrackerUrl(other, E2E_TRACKER_URL);
  await chooseUnits(other, /^Imperial/);
  await expect(other.getByLabel('Weight (lb)')).toHaveValue('154.3');
  await other.goto('/activities');
  await expect(other.getByTestId('activity-distance')).toHaveText(/^\d+\.\d\d mi$/);
  await expect(other.getByTestId('stats-tab-distance')).toHaveText('Distance (mi)');
  const drawer = await openConnectDevice(other);
  await expect(drawer.getByTestId('live-speed-unit')).toHaveText('mph');
});
