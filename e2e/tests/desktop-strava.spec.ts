import { expect, test, type Browser } from '@playwright/test';
import '../desktop/bridge-global.js';
import { launchDesktopApp, type LaunchedDesktopApp } from '../desktop/launch.js';
import { expectPath, newRider, signUp, verifyEmail } from '../support/accounts.js';
import { STANDIN_BANNER } from '../support/strava.js';
import { signInDesktopRider } from '../support/tracker.js';

/**
 * The desktop app's accounts paths on the harness (e2e/desktop/): Strava, checkout and the
 * billing portal open in the system browser, and the app learns how they ended (Strava through
 * its loopback listener; checkout and portal from the server).
 */

const TEST_PROVIDER_LABEL = 'Test payment provider: no real money moves.';

/** The newest URL the app opened in the system browser that passes `match`. */
async function openedExternally(
  desktop: LaunchedDesktopApp,
  match: (url: URL) => boolean,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => (found = [...desktop.externals].reverse().find((u) => match(new URL(u)))), {
      timeout: 15_000,
    })
    .toBeDefined();
  return found ?? '';
}

/** The rider's system browser: a plain page of another context (not the app's session). */
async function systemBrowser(browser: Browser, baseURL?: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  return { context, page: await context.newPage() };
}

test('in the app, Connect to Strava goes through the system browser and the loopback listener', async ({
  browser,
  baseURL,
}) => {
  // Sign-up, the 5 s redirect of /portal-redirect/strava.
  test.setTimeout(90_000);
  const desktop = await launchDesktopApp({ browser, serverUrl: baseURL ?? '' });
  const outside = await systemBrowser(browser);
  try {
    const page = await desktop.mainPage();
    await signInDesktopRider(page);
    await page.goto('/profile');
    await page.getByTestId('strava-connect').click();
    await expect(page.getByTestId('strava-desktop-waiting')).toBeVisible();

    // The app opened the stand-in's authorisation outside, returning to its own listener.
    const authorize = await openedExternally(
      desktop,
      (u) => u.pathname === '/strava-standin/oauth/authorize',
    );
    const redirectUri = new URL(authorize).searchParams.get('redirect_uri') ?? '';
    expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/strava\/callback$/);
    expect(page.url()).toContain('/profile');

    // A callback with another state is refused and changes nothing.
    const forged = await outside.page.goto(`${redirectUri}?state=forged&code=evil&scope=read`);
    expect(forged?.status()).toBe(400);
    await expect(page.getByTestId('strava-connected')).toHaveCount(0);

    // The member authorises in the system browser; the stand-in sends it to the listener.
    await outside.page.goto(authorize);
    await expect(outside.page.getByText(STANDIN_BANNER).first()).toBeVisible();
    // An athlete of its own: one Strava athlete connects to one member, and strava.spec's
    // rider on the same server connects the stand-in's default athlete.
    await outside.page.getByLabel('Athlete name').fill(`Desktop rider ${Date.now()}`);
    await outside.page.getByRole('button', { name: 'Authorize' }).click();
    await expect(outside.page.getByText('You can go back to RideAlong')).toBeVisible();
    expect(outside.page.url().startsWith(`${redirectUri}?`)).toBe(true);

    // The app's window takes the return page of the documents, then the profile, connected.
    await expectPath(page, '/portal-redirect/strava');
    await expect(page.getByTestId('strava-redirect-message')).toHaveText(
      'Please wait while we update your account.',
    );
    await expectPath(page, '/profile', 15_000);
    await expect(page.getByTestId('strava-connected')).toHaveText('Connected to Strava');

    // One callback only: the listener has closed.
    await expect(fetch(`${redirectUri}?state=x&code=y`)).rejects.toThrow();
  } finally {
    await outside.context.close();
    await desktop.close();
  }
});

test('in the app, checkout and the billing portal open outside and the app follows their end', async ({
  browser,
  baseURL,
}) => {
  // Sign-up, the checkout watch (3 s), the 8 s and 5 s redirects of the return pages.
  test.setTimeout(120_000);
  const desktop = await launchDesktopApp({ browser, serverUrl: baseURL ?? '' });
  const outside = await systemBrowser(browser);
  try {
    const page = await desktop.mainPage();
    await signInDesktopRider(page);

    // Buy Core: the app opens /checkout-redirect outside and stays where it was.
    await page.goto('/pricing');
    await page.getByTestId('buy-core').click();
    const checkout = await openedExternally(desktop, (u) => u.pathname === '/checkout-redirect');
    expect(new URL(checkout).searchParams.get('session_id')).toMatch(/^cs_local_/);
    await expectPath(page, '/pricing');

    // The member pays on the provider's page in the system browser.
    await outside.page.goto(checkout);
    await expect(outside.page.getByText(TEST_PROVIDER_LABEL)).toBeVisible();
    await outside.page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(outside.page).toHaveURL((u) => u.pathname === '/payment-sucess');

    // The app saw the session complete: /portal-redirect, then the profile with Core.
    await expectPath(page, '/portal-redirect', 15_000);
    await expectPath(page, '/profile', 15_000);
    await expect(page.getByTestId('plan-name')).toContainText('Core');

    // Cancel from the profile: the portal opens outside; its way back closes it in the app.
    await page.getByTestId('plan-cancel').click();
    await page.getByTestId('plan-cancel-confirm').click();
    const portal = await openedExternally(desktop, (u) =>
      u.pathname.startsWith('/billing/local/portal/'),
    );
    await outside.page.goto(portal);
    await outside.page.getByRole('button', { name: 'Cancel plan', exact: true }).click();
    await expect(
      outside.page.getByRole('button', { name: 'Restore plan', exact: true }),
    ).toBeVisible();
    await outside.page.getByRole('link', { name: 'Back to RideAlong' }).click();
    await expect(outside.page.getByText('You can go back to RideAlong.')).toBeVisible();

    await expectPath(page, '/portal-redirect', 15_000);
    await expectPath(page, '/profile', 15_000);
    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-heading')).toHaveText(/^You cancelled your Core plan\./);
  } finally {
    await outside.context.close();
    await desktop.close();
  }
});

test('in the app, social sign-in runs in the system browser and hands the app a session of its own', async ({
  browser,
  baseURL,
}) => {
  // Google itself needs a real Google client: the browser side signs in with email here, the
  // same page and hand-off the Google button leads to.
  test.setTimeout(90_000);
  const desktop = await launchDesktopApp({ browser, serverUrl: baseURL ?? '' });
  const outside = await systemBrowser(browser, baseURL);
  try {
    const rider = newRider();
    await signUp(outside.page, rider);
    await verifyEmail(outside.page, rider.email);

    const page = await desktop.mainPage();
    await expectPath(page, '/login');
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    const signin = await openedExternally(desktop, (u) => u.pathname === '/desktop-signin');
    const callback = new URL(signin).searchParams.get('redirect_uri') ?? '';
    expect(callback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/signin\/callback$/);

    // In the system browser: sign in, come back to the hand-off, continue in the app.
    await outside.page.goto(signin);
    await outside.page.getByRole('link', { name: 'Sign in' }).click();
    await outside.page.getByRole('link', { name: 'Log in with email' }).click();
    const form = outside.page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(rider.email);
    await form.getByLabel('Password', { exact: true }).fill(rider.password);
    await form.getByRole('button', { name: 'Log In' }).click();
    await expectPath(outside.page, '/desktop-signin');
    await expect(outside.page.getByTestId('desktop-signin-account')).toHaveText(
      `Signed in as ${rider.email}.`,
    );
    await outside.page.getByRole('button', { name: 'Continue in the app' }).click();
    await expect(outside.page.getByText('You can go back to RideAlong.')).toBeVisible();

    // The app traded the one-time code for its own session: the terms, then signed in.
    await expectPath(page, '/agreement', 15_000);
    await page.getByRole('button', { name: 'Join Our Community' }).click();
    await page.getByRole('button', { name: 'I Agree' }).click();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();

    // The code was single-use and the listener is gone.
    await expect(fetch(`${callback}?state=x&code=y`)).rejects.toThrow();
  } finally {
    await outside.context.close();
    await desktop.close();
  }
});
