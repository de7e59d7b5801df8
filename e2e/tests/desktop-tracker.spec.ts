import { createServer, type Server } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { AUTH_TOKEN_HEADER } from '@ridealong/contracts';
import '../desktop/bridge-global.js';
import { launchDesktopApp } from '../desktop/launch.js';
import { expectPath, newRider, signIn, type Rider } from '../support/accounts.js';
import { decodeFit, makeRideClip, rideSeconds, uploadReadyVideo } from '../support/ride.js';
import { signInDesktopRider } from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/**
 * The tracker inside the desktop app, on the harness (e2e/desktop/): the real main process
 * starts @ridealong/tracker in-process and opens its window; no `npm run tracker`. Its port is
 * the spec's own, not the config tracker's 47110 (that one keeps running for other specs).
 */
const APP_TRACKER_PORT = 47131;
const BUSY_TRACKER_PORT = 47132;
const RIDE_SECONDS = 12;

const livePower = async (page: Page) => Number(await page.getByTestId('live-power').textContent());

/**
 * Resolves at the first pulse the page's own connection to the app's tracker receives (socket.io
 * frame `42["pulse",...]`): from then on the page knows the tracker's devices. Set up before the
 * page loads.
 */
function firstTrackerPulse(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes(`:${APP_TRACKER_PORT}/`)) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('42["pulse"')) resolve();
      });
    });
  });
}

/** Records on the page whether Start's "Connecting to your trainer…" ever showed. */
async function watchStartWaiting(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="start-waiting"]')) {
        Object.assign(window, { __sawStartWaiting: true });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Signs the rider in again in a restarted app's main window (a new session). */
async function signInAgain(page: Page, rider: Rider): Promise<void> {
  await page.goto('/?electronMode=true');
  await expectPath(page, '/login');
  await signIn(page, rider.email, rider.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
}

test('in the app, Connect Device starts its own tracker; with the simulated trainer a ride records power; after a restart Start opens it at once', async ({
  browser,
  baseURL,
}) => {
  // Upload and processing, the 10 s countdown, 12 s of riding, the saved ride, the restart.
  test.setTimeout(300_000);
  const rider = newRider();
  /** The video ridden, opened again after the restart. */
  let videoUrl = '';
  const desktop = await launchDesktopApp({
    browser,
    serverUrl: baseURL ?? '',
    trackerPort: APP_TRACKER_PORT,
  });
  try {
    const page = await desktop.mainPage();
    await expectPath(page, '/login', 20_000);

    // '/?electronMode' asked the app for its tracker (document 000): its window shows Connect
    // Device, and the tracker runs inside the app on its port, for the app's origin only.
    const trackerWindow = await desktop.windows.waitFor('tracker');
    const tracker = await trackerWindow.page();
    await expect(tracker).toHaveURL(`${desktop.config.serverUrl}/connect-device`);
    await expect(tracker.getByRole('heading', { name: 'Connect Device' })).toBeVisible();
    await expect(tracker.getByTestId('tracker-status')).toContainText(
      'Connected to the RideAlong tracker',
      { timeout: 10_000 },
    );
    const appTracker = `http://127.0.0.1:${APP_TRACKER_PORT}`;
    const health = await fetch(`${appTracker}/health`, {
      headers: { Origin: desktop.config.origin },
    });
    expect(health.status).toBe(200);
    const otherPage = await fetch(`${appTracker}/health`, {
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(otherPage.status).toBe(403);
    // In the app the tracker does Bluetooth itself: no in-browser Bluetooth section.
    await expect(tracker.getByTestId('bluetooth-section')).toHaveCount(0);

    // No trainer: the simulated one, a setting the app keeps. (A window behind another one
    // paints no frames in Chromium: the rider brings it forward, as a click on it would.)
    await tracker.bringToFront();
    const simulatorSwitch = tracker.getByRole('switch', { name: /Ride without a trainer/ });
    await expect(simulatorSwitch).not.toBeChecked();
    await simulatorSwitch.click();
    await expect(simulatorSwitch).toBeChecked();
    const simulator = tracker.getByRole('listitem', { name: 'RideAlong Simulator' });
    await expect(simulator.getByTestId('device-state')).toHaveText('Connected', {
      timeout: 10_000,
    });
    await expect.poll(() => livePower(tracker), { timeout: 5000 }).toBeGreaterThan(0);
    expect(desktop.app.settings.get().simulator).toBe(true);

    // The rider signs in in the main window ('/?electronMode' again only brings the window up).
    await page.bringToFront();
    const session = await signInDesktopRider(page, undefined, rider);
    expect(desktop.app.windows.all().filter((w) => w.kind === 'tracker')).toHaveLength(1);
    const { title } = uniqueTitle('App tracker ride');
    const video = await uploadReadyVideo(
      page,
      session,
      title,
      await makeRideClip(RIDE_SECONDS + 15),
    );
    const pulsed = firstTrackerPulse(page);
    await page.goto(`/video/${video.url}`);

    // The ride page connects to the app's tracker too (desktop-info); once it has heard from it
    // the simulated trainer is live there, and one press of Start rides alone.
    await pulsed;
    // Signing in ('/?electronMode') brought the tracker window up; the rider comes back.
    await page.bringToFront();
    const stage = page.getByTestId('player-stage');
    await page.getByTestId('player-overlay').getByRole('button', { name: 'Start' }).click();
    await expect(page.getByTestId('ride-countdown')).toBeVisible();
    await expect(stage).toHaveAttribute('data-ride-phase', 'recording', { timeout: 15_000 });
    await expect(page.getByTestId('ride-power')).toHaveText(/^[1-9]\d*/, { timeout: 5000 });
    await expect
      .poll(async () => rideSeconds(await page.getByTestId('ride-time').textContent()), {
        timeout: (RIDE_SECONDS + 5) * 1000,
      })
      .toBeGreaterThanOrEqual(RIDE_SECONDS);
    await page
      .locator('[data-testid="player-stage"] video')
      .evaluate((v: HTMLVideoElement) => v.pause());
    const paused = page.getByTestId('ride-paused');
    await expect(paused).toBeVisible();
    await paused.getByTestId('ride-save').click();
    await expectPath(page, '/activities');

    // The saved ride on the server has the simulated trainer's power.
    const headers = { [AUTH_TOKEN_HEADER]: session.token };
    const index = await page.request.get(`/api/v1/tracks/index?user_id=${session.userId}`, {
      headers,
    });
    expect(index.status()).toBe(200);
    const { rows } = (await index.json()) as { rows: { id: number }[] };
    expect(rows).toHaveLength(1);
    const fitFile = await page.request.get(`/api/v1/tracks/${rows[0]?.id}/fit`, { headers });
    expect(fitFile.status()).toBe(200);
    const fit = decodeFit(await fitFile.body());
    expect(fit.integrity).toBe(true);
    const powers = (fit.messages.recordMesgs ?? []).map((r) => Number(r.power));
    expect(powers.length).toBeGreaterThanOrEqual(RIDE_SECONDS - 1);
    expect(powers.filter((w) => w > 0).length).toBeGreaterThanOrEqual(RIDE_SECONDS - 2);
    videoUrl = video.url;
  } finally {
    await desktop.close();
  }
  // The app's tracker stopped with the app: its port is free again.
  await expect(fetch(`http://127.0.0.1:${APP_TRACKER_PORT}/health`)).rejects.toThrow();

  // The app starts again on its data, this time without a trainer: the page still remembers
  // the tracker a trainer went live through (Electron keeps local storage; the harness's new
  // session is given it), yet nothing is reconnecting. One press of Start opens the tracker
  // window at once, with no wait for a connection (review H1).
  const again = await launchDesktopApp({
    browser,
    serverUrl: baseURL ?? '',
    trackerPort: APP_TRACKER_PORT,
    userData: desktop.ports.paths.userData,
  });
  try {
    const page = await again.mainPage();
    await expectPath(page, '/login', 20_000);
    await signInAgain(page, rider);
    const firstWindow = await again.windows.waitFor('tracker');
    const tracker = await firstWindow.page();
    await tracker.bringToFront();
    const simulatorSwitch = tracker.getByRole('switch', { name: /Ride without a trainer/ });
    await expect(simulatorSwitch).toBeChecked(); // kept from the last start
    await simulatorSwitch.click();
    await expect(simulatorSwitch).not.toBeChecked();
    await tracker.close(); // the rider closes the tracker window

    await page.bringToFront();
    await page.evaluate(() => window.localStorage.setItem('ridealong.trackerRemembered', '1'));
    await watchStartWaiting(page);
    const pulsed = firstTrackerPulse(page);
    await page.goto(`/video/${videoUrl}`);
    await pulsed;
    const pressedAt = Date.now();
    await page.getByTestId('player-overlay').getByRole('button', { name: 'Start' }).click();
    // Well under Start's 5 s wait for a trainer (TRAINER_WAIT_MS), with room for a loaded CI
    // machine: what tells the paths apart is that "Connecting to your trainer…" never showed.
    const reopened = await again.windows.waitFor('tracker', 3500);
    expect(reopened).not.toBe(firstWindow);
    expect(Date.now() - pressedAt).toBeLessThan(3500);
    await expect(page.getByTestId('player-stage')).toHaveAttribute('data-ride-phase', 'idle');
    expect(await page.evaluate(() => '__sawStartWaiting' in window)).toBe(false);
  } finally {
    await again.close();
  }
});

test('with its port taken (a tracker started in a terminal) the app says so instead of failing', async ({
  browser,
  baseURL,
}) => {
  const blocker: Server = createServer().listen(BUSY_TRACKER_PORT, '127.0.0.1');
  await new Promise((resolve) => blocker.once('listening', resolve));
  const desktop = await launchDesktopApp({
    browser,
    serverUrl: baseURL ?? '',
    trackerPort: BUSY_TRACKER_PORT,
  });
  try {
    const tracker = await (await desktop.windows.waitFor('tracker')).page();
    const notice = tracker.getByTestId('tracker-port-in-use');
    await expect(notice).toContainText(
      `Another program on this computer uses port ${BUSY_TRACKER_PORT}`,
      { timeout: 10_000 },
    );
    await expect(notice).toContainText('Close it, then choose Connect Device again');
    expect(
      desktop.log.lines.some((l) => l.message === `Tracker port ${BUSY_TRACKER_PORT} is in use`),
    ).toBe(true);
  } finally {
    await desktop.close();
    blocker.close();
  }
});
