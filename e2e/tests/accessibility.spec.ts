import { violationsOf } from '../support/axe.js';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createChallenge, signInAdmin } from '../support/challenges.js';
import { createEvent } from '../support/group.js';
import { makeRideClip, recordPastRide, uploadReadyVideo } from '../support/ride.js';
import { signInWebRider, uniqueTitle } from '../support/videos.js';

/**
 * Every page passes axe-core's WCAG 2 A/AA rules, for a guest, a member and an admin. The
 * pages hold real content (a video, a group event, a challenge) so cards, lists and the video
 * page are checked too, not just their empty states.
 */

/** The sample video's length, and the saved ride's. */
const CLIP_SECONDS = 4;

/** A page to check, and what shows once its content has loaded (a heading or a test id). */
type Check = { path: string; ready: (page: Page) => Locator };

const heading = (page: Page) => page.getByRole('heading').first();
const byTestId = (id: string) => (page: Page) => page.getByTestId(id).first();
/** The events list, or its empty state once the list has answered (a lone waiting room may close). */
const eventsShown = (page: Page) =>
  page.getByTestId('events-grid').or(page.getByTestId('events-empty')).first();
const check = (path: string, ready: Check['ready'] = heading): Check => ({ path, ready });
/** The video page once its route card has loaded (facts, or the note that it has no slope). */
const routeShown = (page: Page) =>
  page.getByTestId('route-facts').or(page.getByTestId('no-slope-notice')).first();
/** An activity page once its charts are drawn, not only its title. */
const chartsShown = (page: Page) => page.getByTestId('activity-chart-power').locator('canvas');

/** What beforeAll made: the pages with an id in their path. */
type Content = { videoUrl: string; channelId: number; challengeId: number; activityId: number };

/** Every route of apps/web/src/app/router.tsx, as a guest opens it. */
function guestPages(c: Content): Check[] {
  return [
    check('/', byTestId('home-page')),
    check('/featured', byTestId('workout-card')),
    check('/login'),
    check('/login-email'),
    check('/sign-up'),
    check('/signup'),
    check('/login-success'),
    check('/desktop-signin'),
    check('/user-registered'),
    check('/email-verified?code=not-a-code', (page) => page.getByRole('alert').first()),
    check('/password-recovery'),
    check('/change-password/not-a-code'),
    check('/agreement'),
    check('/terms'),
    check('/privacy-policy'),
    check('/about'),
    check('/setup'),
    check('/setup-windows'),
    check('/usacycling'),
    check('/sandbox'),
    check('/upgrade'),
    check('/video-upgrade'),
    check('/profile'),
    check('/videos', byTestId('workout-card')),
    check(`/video/${c.videoUrl}`, routeShown),
    check('/new-video'),
    check('/desktop-uploader'),
    check('/my-channel'),
    check(`/channel/${c.channelId}`, byTestId('featured-video')),
    check('/explore-channels', byTestId('channels-grid')),
    check('/activities'),
    check('/events', eventsShown),
    check('/challenges', byTestId('challenges-featured')),
    check(`/challenge/${c.challengeId}`),
    check('/pricing'),
    check('/payment-sucess'),
    check('/cancellation-success'),
    check('/portal-redirect'),
    check('/portal-redirect/strava'),
    check('/portal-redirect/other'),
    check('/checkout-redirect', (page) =>
      page
        .getByTestId('checkout-redirect-error')
        .or(page.getByTestId('checkout-redirect-spinner'))
        .first(),
    ),
    check('/admin'),
    check('/connect-device'),
    check('/demo', byTestId('demo-page')),
    check('/no-such-page'),
  ];
}

/** The pages a signed-in member sees. */
function memberPages(c: Content): Check[] {
  return [
    check('/', byTestId('home-page')),
    check('/profile'),
    check('/activities', byTestId('activity-card')),
    check(`/activities/${c.activityId}`, chartsShown),
    check('/my-channel', byTestId('featured-video')),
    check('/new-video', byTestId('new-video-page')),
    check('/videos', byTestId('workout-card')),
    check(`/video/${c.videoUrl}`, routeShown),
    check('/events', eventsShown),
    check('/challenges', byTestId('challenges-featured')),
    check(`/challenge/${c.challengeId}`),
    check('/pricing'),
    check('/explore-channels', byTestId('channels-grid')),
  ];
}

const adminPages: Check[] = [check('/admin', byTestId('admin-challenge-form'))];

/**
 * Visits each page in turn (a page a guest is sent away from, e.g. to /login, is checked once)
 * and fails once, listing every page's violations.
 */
async function expectAccessible(page: Page, checks: Check[]): Promise<void> {
  const found: string[] = [];
  const checked = new Set<string>();
  for (const { path, ready } of checks) {
    await page.goto(path);
    // Generous: other work on a busy machine slows the first paint, never the check itself.
    await expect(ready(page), `${path} shows its content`).toBeVisible({ timeout: 15_000 });
    const landed = new URL(page.url()).pathname;
    if (landed !== new URL(path, page.url()).pathname && checked.has(landed)) continue;
    checked.add(landed);
    const lines = await violationsOf(page);
    console.log(`[axe] ${path}: ${lines.length}`);
    found.push(...lines.map((line) => `${path} ${line}`));
  }
  expect(found, found.join('\n')).toEqual([]);
}

test.describe.serial('accessibility (axe-core WCAG 2 A/AA)', () => {
  let member: BrowserContext;
  let memberPage: Page;
  let content: Content;

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    member = await browser.newContext();
    memberPage = await member.newPage();
    const [{ session }, clip] = await Promise.all([
      signInWebRider(memberPage),
      makeRideClip(CLIP_SECONDS),
    ]);
    const video = await uploadReadyVideo(memberPage, session, uniqueTitle('Axe ride').title, clip);
    await createEvent(memberPage, session, video.url);
    // A saved ride: an activity card and its page with charts.
    const activityId = await recordPastRide(baseURL ?? '', session, video, {
      seconds: CLIP_SECONDS,
      watts: 180,
    });
    const challenge = await createChallenge(memberPage.request, {
      title: uniqueTitle('Axe challenge').title,
      challenge_type: 'time',
      goal: 10,
      description: 'Ride ten minutes.',
      featured: true,
    });
    content = {
      videoUrl: video.url,
      channelId: session.userId,
      challengeId: challenge.id,
      activityId,
    };
  });

  test.afterAll(async () => {
    await member.close();
  });

  test('every page passes for a guest', async ({ browser }) => {
    test.setTimeout(240_000);
    const guest = await browser.newContext();
    await expectAccessible(await guest.newPage(), guestPages(content));
    await guest.close();
  });

  test('the pages a member sees pass', async () => {
    test.setTimeout(120_000);
    await expectAccessible(memberPage, memberPages(content));
  });

  test('the admin page passes for an admin', async ({ browser }) => {
    const admin = await browser.newContext();
    const page = await admin.newPage();
    await signInAdmin(page);
    await expectAccessible(page, adminPages);
    await admin.close();
  });
});
