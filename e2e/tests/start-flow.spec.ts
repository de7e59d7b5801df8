import { expect, test, type Page } from '@playwright/test';
import { expectPath } from '../support/accounts.js';
import { createChallenge } from '../support/challenges.js';
import {
  bridgeMessages,
  installDesktopBridge,
  makeRideClip,
  uploadReadyVideo,
} from '../support/ride.js';
import {
  connectSimulator,
  E2E_TRACKER_URL,
  NO_TRACKER_URL,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/** Where the page remembers that a trainer went live through the local tracker. */
const MEMORY_KEY = 'ridealong.trackerRemembered';
const remembered = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), MEMORY_KEY);

/**
 * The video page's Start flow around its edges (the review of issue 23): a Ride with friends
 * whose event cannot be made, the keyboard in the full-window ride, and a challenge's 'Ride' in
 * the desktop app whose tracker is not running.
 */
test('a failed Ride with friends leaves the stage in the page; the full-screen ride keeps the keyboard; a challenge Ride in the app opens its tracker at once', async ({
  page,
  context,
}) => {
  // Sign-up, three uploads and their processing, a countdown.
  test.setTimeout(180_000);
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const session = await signInDesktopRider(page);
  const { title } = uniqueTitle('Start flow');
  const [video, ...others] = await Promise.all([
    uploadReadyVideo(page, session, title, await makeRideClip(30)),
    uploadReadyVideo(page, session, uniqueTitle('Start short one').title, await makeRideClip(4)),
    uploadReadyVideo(page, session, uniqueTitle('Start short two').title, await makeRideClip(4)),
  ]);
  await page.goto(`/video/${video.url}`);
  await connectSimulator(page);
  const stage = page.getByTestId('player-stage');
  const overlay = page.getByTestId('player-overlay');
  const inFullscreen = () => stage.evaluate((el) => document.fullscreenElement === el);

  // The event cannot be made: the stage is back in the page with the overlay, and the error
  // shows (review M3).
  await page.route('**/api/v1/event/create', (route) =>
    route.fulfill({ status: 500, json: { ok: false, message: 'The event could not be made.' } }),
  );
  await overlay.getByRole('button', { name: 'Ride with friends' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Group ride' })).toBeVisible();
  await expect.poll(inFullscreen).toBe(false);
  await expect(stage).toHaveAttribute('data-view', 'inline');
  await expect(overlay.getByRole('button', { name: 'Start', exact: true })).toBeEnabled();
  await expect(page.getByTestId('group-waiting-room')).toHaveCount(0);
  await page.unroute('**/api/v1/event/create');

  // Start rides alone in theatre view: focus moves into the stage and Tab keeps it there, the
  // page behind is inert, and a visible button leads out (review M4).
  await overlay.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('ride-countdown')).toBeVisible();
  const exit = page.getByRole('button', { name: /^Exit full (screen|window)$/ });
  await expect(exit).toBeVisible();
  const focusInStage = () => stage.evaluate((el) => el.contains(document.activeElement));
  await expect.poll(focusInStage).toBe(true);
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInStage()).toBe(true);
  }
  const header = page.locator('header').first();
  await expect(header).toHaveAttribute('inert', '');
  await exit.click();
  await expect.poll(inFullscreen).toBe(false);
  await expect(stage).toHaveAttribute('data-view', 'inline');
  await expect(header).not.toHaveAttribute('inert');
  // The ride goes on in the page, and the focus is on it, not dropped.
  await expect(stage).not.toHaveAttribute('data-ride-phase', 'idle');
  expect(await focusInStage()).toBe(true);

  // The desktop app after a restart: its tracker not started (it says nothing), the tracker
  // remembered here from this rider's ride. A race challenge's Ride opens the tracker window at
  // once, without waiting for a connection nobody makes (review H1).
  expect(await remembered(page)).toBe('1');
  const challenge = await createChallenge(page.request, {
    title: uniqueTitle('Start roads').title,
    challenge_type: 'race',
    videos: [video.url, ...others.map((o) => o.url)].join(','),
  });
  const app = await context.newPage();
  await installDesktopBridge(app, '2.5.0');
  await app.goto(`/challenge/${challenge.id}`);
  await app.getByRole('button', { name: `Ride ${title}` }).click();
  await expect(app).toHaveURL((url) => url.pathname === `/video/${video.url}`);
  const opened = async () =>
    (await bridgeMessages(app)).filter((m) => m.channel === 'open-tracker').length;
  await expect.poll(opened, { timeout: 1000 }).toBe(1);
  await expect(app.getByTestId('start-waiting')).toHaveCount(0);
  await expect(app.getByTestId('player-stage')).toHaveAttribute('data-ride-phase', 'idle');
  await app.close();
});

/**
 * A remembered tracker that is gone is looked for once (desktop mode reconnects on load), then
 * forgotten: the next load asks nothing of it and logs no errors for it (review M7).
 */
test('desktop mode forgets a remembered tracker that is not running', async ({ page }) => {
  // The first load's five reconnection attempts take about 17 s.
  test.setTimeout(90_000);
  await useTrackerUrl(page, NO_TRACKER_URL);
  const port = new URL(NO_TRACKER_URL).port;
  // What the page asks of the tracker's address: requests, websockets, and the console's
  // errors for the failed ones.
  const asked: string[] = [];
  page.on('request', (r) => void (r.url().includes(`:${port}/`) && asked.push(r.url())));
  page.on('websocket', (ws) => void (ws.url().includes(`:${port}/`) && asked.push(ws.url())));
  page.on(
    'console',
    (m) => void (m.type() === 'error' && m.text().includes(port) && asked.push(m.text())),
  );

  await page.goto('/?electronMode=true');
  await expectPath(page, '/login');
  await page.evaluate((key) => window.localStorage.setItem(key, '1'), MEMORY_KEY);
  await page.reload();
  // The reconnection on load runs out (not_running) and forgets the tracker.
  await expect.poll(() => remembered(page), { timeout: 40_000 }).toBeNull();
  expect(asked.length, 'the first load looked for the tracker').toBeGreaterThan(0);

  asked.length = 0;
  await page.reload();
  await expect(page.getByTestId('login-landing')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
});
