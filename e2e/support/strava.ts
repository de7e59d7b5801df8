import { expect, type Locator, type Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import {
  RIDE_NAMESPACE,
  type RideAck,
  type RideClientToServer,
  type RidePoint,
  type RideServerToClient,
} from '@ridealong/contracts';
import type { Session } from './accounts.js';

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

type RideSocket = Socket<RideServerToClient, RideClientToServer>;

function call<T>(send: (ack: (a: RideAck<T>) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    send((a) => (a.ok ? resolve(a) : reject(new Error(a.message))));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Seconds of video a track may span beyond the seconds since add-track (the server's ride
 * bounds: a ride cannot be at second 70 a moment after it began).
 */
const WALL_CLOCK_SLACK_SECONDS = 30;
const BATCH_SECONDS = 10;

/**
 * A ride of `seconds` (a steady `watts`) recorded over the real /ride channel from Node, as
 * recordPastRide does, but paced: each batch of points goes once the server's clock allows
 * its seconds, so a ride longer than 30 s takes (seconds - 30) s of waiting rather than the
 * whole ride. stop-track carries strava_auto_save, as the web app's does.
 */
export async function recordPacedRide(
  baseURL: string,
  session: Session,
  video: { url: string; id: number },
  opts: { seconds: number; watts: number; stravaAutoSave: boolean },
): Promise<number> {
  const socket: RideSocket = io(`${baseURL}${RIDE_NAMESPACE}`, {
    auth: { token: session.token },
    transports: ['websocket'],
  });
  try {
    await call((ack) =>
      socket.emit('initialize-race', { url: video.url, userId: session.userId }, ack),
    );
    const { track_id } = await call<{ track_id: number }>((ack) =>
      socket.emit(
        'add-track',
        {
          race_id: video.id,
          race_url: video.url,
          user_id: session.userId,
          client_ride_id: `e2e-strava-${Date.now()}`,
        },
        ack,
      ),
    );
    // The server opened the track before it answered: its clock started no later than this.
    const opened = Date.now();
    for (let first = 0; first < opts.seconds; first += BATCH_SECONDS) {
      const last = Math.min(first + BATCH_SECONDS, opts.seconds) - 1;
      const allowedAt = opened + (last - WALL_CLOCK_SLACK_SECONDS + 2) * 1000;
      if (allowedAt > Date.now()) await sleep(allowedAt - Date.now());
      const points: RidePoint[] = [];
      for (let s = first; s <= last; s += 1) {
        points.push({
          elapsed_time: s,
          accumulated_power: opts.watts * (s + 1),
          power: opts.watts,
          heart_rate: 150,
          cadence: 90,
          distance: 8 * (s + 1),
          speed: 8,
          timestamp: opened + s * 1000,
        });
      }
      const status = last === opts.seconds - 1 ? 'final' : 'recording';
      await call((ack) =>
        socket.emit('push-points', { track_id, points, status, discard_track: false }, ack),
      );
    }
    await call((ack) =>
      socket.emit(
        'stop-track',
        {
          discard_track: false,
          accumulated_power: opts.watts * opts.seconds,
          raceUrl: video.url,
          trackId: track_id,
          userId: session.userId,
          strava_auto_save: opts.stravaAutoSave,
        },
        ack,
      ),
    );
    return track_id;
  } finally {
    socket.disconnect();
  }
}
