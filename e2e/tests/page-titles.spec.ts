import { expect, test } from '@playwright/test';

/**
 * Issue 23's small things a guest notices: every page names itself in the tab, the plan table
 * fits a phone, and the share images of /events and /activities are real images.
 */

/** Each public route as a guest opens it, and the tab title it ends on (after any redirect). */
const TITLES: Array<[string, string | RegExp]> = [
  ['/', 'Home'],
  ['/featured', 'Featured'],
  ['/login', 'Log in'],
  ['/login-email', 'Log in with email'],
  ['/sign-up', 'Sign up'],
  ['/signup', 'Sign up'],
  ['/login-success', 'Logged in'],
  ['/desktop-signin', 'Sign in to the app'],
  ['/user-registered', 'Check your email'],
  ['/email-verified?code=not-a-code', 'Email verification'],
  ['/password-recovery', 'Reset your password'],
  ['/change-password/not-a-code', 'Choose a new password'],
  ['/agreement', 'Log in'],
  ['/terms', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/about', 'About'],
  ['/setup', 'Get set up'],
  ['/setup-windows', 'Set up on Windows'],
  ['/usacycling', 'USA Cycling'],
  ['/sandbox', 'Sandbox'],
  ['/upgrade', 'Update the app'],
  // Document 000 has it redirect to /pricing; either way the tab names the page shown.
  ['/video-upgrade', /^(Upgrade to ride|Pricing)$/],
  ['/profile', 'Log in'],
  ['/videos', 'Workouts'],
  ['/video/no-such-video', 'Video'],
  ['/new-video', 'Log in'],
  ['/desktop-uploader', 'Log in'],
  ['/my-channel', 'Log in'],
  ['/channel/987654', 'Channel'],
  ['/explore-channels', 'Channels'],
  ['/activities', 'My Activities'],
  ['/events', 'Videos to Ride'],
  ['/challenges', 'Challenges'],
  ['/pricing', 'Pricing'],
  ['/payment-sucess', 'Payment received'],
  ['/cancellation-success', 'Membership cancelled'],
  ['/portal-redirect', 'Membership'],
  ['/portal-redirect/strava', 'Connecting Strava'],
  ['/checkout-redirect', 'Checkout'],
  ['/admin', 'Home'],
  ['/demo', 'Ride along'],
  ['/connect-device', 'Connect Device'],
  ['/no-such-page', 'Page not found'],
];

const fullTitle = (name: string | RegExp): string | RegExp =>
  typeof name === 'string'
    ? `${name} | RideAlong`
    : new RegExp(`${name.source.slice(0, -1)} \\| RideAlong$`);

test('every public page names itself in the tab title', async ({ page }) => {
  await page.goto('/sandbox');
  await expect(page).toHaveTitle('Sandbox | RideAlong');
  // Within the app, as a person moves about: the router sees each address change (a history
  // entry and a popstate), names the page, and the page may name itself (redirects included).
  for (const [path, name] of TITLES) {
    await page.evaluate((to) => {
      // Cleared first, so the previous page's title cannot pass for this one's.
      document.title = '';
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page, `the title of ${path}`).toHaveTitle(fullTitle(name));
  }
  // A fresh load of a page names it too, and so does following a link.
  await page.goto('/about');
  await expect(page).toHaveTitle('About | RideAlong');
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page).toHaveTitle('Pricing | RideAlong');
});

test('on a 390x844 phone the plan table shows Free, Core and Pro side by side', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/pricing');
  const table = page.getByTestId('plan-feature-table');
  await table.scrollIntoViewIfNeeded();
  for (const plan of ['Free', 'Core', 'Pro']) {
    const header = table.getByRole('columnheader', { name: plan });
    await expect(header).toBeVisible();
    const box = await header.boundingBox();
    expect(box, `${plan}'s column`).not.toBeNull();
    expect(box!.x, `${plan}'s column starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${plan}'s column ends on screen`).toBeLessThanOrEqual(390);
  }
  // Nothing is cut off: no cell's text spills out of it, and there is nothing to scroll to.
  const spilling = await table.evaluate((el) =>
    [...el.querySelectorAll('th, td')]
      .filter((cell) => cell.scrollWidth > cell.clientWidth)
      .map((cell) => cell.textContent),
  );
  expect(spilling).toEqual([]);
  const sideways = await table.evaluate((el) => {
    const box = el.closest('.mantine-ScrollArea-viewport') ?? el.parentElement!;
    return box.scrollWidth - box.clientWidth;
  });
  expect(sideways).toBeLessThanOrEqual(0);
  await context.close();
});

test('the share images of /events and /activities are images at real URLs', async ({ page }) => {
  // An activity's own page too (its tags are set whoever opens it).
  for (const path of ['/events', '/activities', '/activities/1']) {
    await page.goto(path);
    const og = page.locator('meta[property="og:image"]');
    await expect(og).toHaveAttribute('content', /^http/);
    const url = (await og.getAttribute('content')) ?? '';
    const response = await page.request.get(url);
    expect(response.status(), `${path}'s og:image ${url}`).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^image\//);
    expect((await response.body()).length).toBeGreaterThan(1000);
  }
});
