import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The built-in Strava stand-in (the e2e server runs without STRAVA_CLIENT_ID): its
 * authorisation page at /strava-standin and the uploads it received at /strava-standin/uploads,
 * every page under this banner.
 */
export const STANDIN_BANNER = /^This is a test stand-in for Strava/;
export const STANDIN_UPLOADS_PATH = '/strava-standin/uploads';

/**
 * Connects Strava from /profile through the web flow: Connect, the stand-in's Authorize,
 * /portal-redirect/strava ('Please wait while we update your account.'), then /profile after
 * 5 s, connected.
 */
export async function connectStravaFromProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByTestId('strava-connect').click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/strava-standin'));
  await expect(page.getByText(STANDIN_BANNER).first()).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/portal-redirect/strava');
  await expect(page.getByTestId('strava-redirect-message')).toHaveText(
    'Please wait while we update your account.',
  );
  await expect(page).toHaveURL((url) => url.pathname === '/profile', { timeout: 15_000 });
  await expect(page.getByTestId('strava-connected')).toHaveText('Connected to Strava');
}

/** Turns 'Save my rides to Strava automatically' on in the profile form and saves it. */
export async function turnOnStravaAutoSave(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByTestId('profile-edit-toggle').click();
  await page.getByLabel('Save my rides to Strava automatically').check();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/update') && r.request().method() === 'PUT',
  );
  await page.getByTestId('profile-edit-toggle').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByLabel('Save my rides to Strava automatically')).toBeChecked();
}

/** The /activities card of the ride of the video titled `title`. */
export function activityCard(page: Page, title: string): Locator {
  return page
    .getByTestId('activity-card')
    .filter({ has: page.getByTestId('activity-title').filter({ hasText: title }) });
}
