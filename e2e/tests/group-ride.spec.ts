import { expect, test, type Page } from '@playwright/test';
import { GROUP, GROUP_MESSAGES } from '@ridealong/contracts';
import { expectPath } from '../support/accounts.js';
import { pageClockOffset, shiftPageClock } from '../support/clock.js';
import { installDesktopBridge, makeRideClip, uploadReadyVideo } from '../support/ride.js';
import {
  connectSimulator,
  E2E_TRACKER_URL,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/** The joiner's computer clock runs this far behind the server's (and the host's). */
const CLOCK_SHIFT_MS = -4 * 60_000;
/** Long enough for the countdown and the ride; the cancel ends the ride well before its end. */
const CLIP_SECONDS = 60;
/** Seconds ridden together before the host cancels. */
const RIDE_SECONDS = 12;

const videoTime = (page: Page) =>
  page
    .locator('[data-testid="player-stage"] video')
    .evaluate((v: HTMLVideoElement) => v.currentTime);

/** The rider's own row's name, and the other rows' names, on the group leaderboard. */
async function boardNames(page: Page): Promise<{ self: string; others: string[] }> {
  const board = page.getByTestId('group-leaderboard');
  const name = (self: boolean) =>
    board.locator(`[data-testid="leaderboard-row"][data-self="${self}"] td:nth-child(2)`);
  return {
    self: ((await name(true).textContent()) ?? '').trim(),
    others: (await name(false).allTextContents()).map((t) => t.trim()),
  };
}

/**
 * Issue 13, a group ride (document 001 section 4 'Group ride'): a desktop rider hosts from a
 * video, another joins from /events, the host starts, both ride together and see each other on
 * the group leaderboard with their videos within the sync margin although the joiner's clock
 * is minutes off, then the host cancels: both see 'This workout was canceled.', their rides
 * pause, and each saves their ride to their own activities.
 */
test('two desktop riders ride one video together, in sync, until the host cancels', async ({
  browser,
  page,
}) => {
  // Two sign-ups, an upload and its processing, the countdown, the ride and two saves.
  test.setTimeout(300_000);

  // The host.
  await installDesktopBridge(page);
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const hostSession = await signInDesktopRider(page);
  const { title } = uniqueTitle('Group ride');
  const video = await uploadReadyVideo(page, hostSession, title, await makeRideClip(CLIP_SECONDS));

  // The joiner, in a browser context of their own, with a clock 4 minutes slow.
  const joinerContext = await browser.newContext();
  const joiner = await joinerContext.newPage();
  await shiftPageClock(joiner, CLOCK_SHIFT_MS);
  await installDesktopBridge(joiner);
  await useTrackerUrl(joiner, E2E_TRACKER_URL);
  await signInDesktopRider(joiner);

  try {
    // Ride with friends with a live trainer, in the desktop app: an event, hosted, in its
    // waiting room (Start would ride alone).
    await page.goto(`/video/${video.url}`);
    await connectSimulator(page);
    await page
      .getByTestId('player-overlay')
      .getByRole('button', { name: 'Ride with friends' })
      .click();
    const hostRoom = page.getByTestId('group-waiting-room');
    await expect(hostRoom.getByTestId('group-member')).toHaveCount(1);
    await expect(page.getByTestId('group-mode')).toContainText('Group mode');
    await expect(page.getByTestId('group-host-badge')).toHaveText('Host');

    // The joiner finds it on /events and joins: both waiting rooms list both riders.
    await joiner.goto('/events');
    expect(Math.abs((await pageClockOffset(joiner)) - CLOCK_SHIFT_MS)).toBeLessThan(2000);
    await connectSimulator(joiner);
    const card = joiner.getByRole('article', { name: title, exact: true });
    await expect(card.getByTestId('event-badge')).toHaveText('About to Happen!');
    await card.getByRole('link', { name: `Join ${title}` }).click();
    await expect(joiner).toHaveURL(
      (url) =>
        url.pathname === `/video/${video.url}` &&
        url.searchParams.get('group') === 'true' &&
        url.searchParams.get('status') === 'waiting-room',
    );
    const joinerRoom = joiner.getByTestId('group-waiting-room');
    await expect(joinerRoom.getByTestId('group-member')).toHaveCount(2);
    await expect(hostRoom.getByTestId('group-member')).toHaveCount(2);
    await expect(joiner.getByTestId('group-mode')).toContainText('Group mode');
    await expect(joiner.getByTestId('group-host-badge')).toHaveCount(0);
    // Only the host starts.
    await expect(joinerRoom.getByRole('button', { name: 'Start' })).toHaveCount(0);

    // The host starts: one countdown for both, ending at the server's start + 10 s.
    await hostRoom.getByRole('button', { name: 'Start' }).click();
    for (const rider of [page, joiner]) {
      await expect(rider.getByTestId('ride-countdown')).toBeVisible();
    }
    for (const rider of [page, joiner]) {
      await expect(rider.getByTestId('player-stage')).toHaveAttribute(
        'data-ride-phase',
        'recording',
        { timeout: (GROUP.countdownSeconds + 5) * 1000 },
      );
    }

    // Riding: the two videos stay within the sync margin of each other, clock shift or not.
    await expect.poll(() => videoTime(joiner), { timeout: 10_000 }).toBeGreaterThan(2);
    for (let i = 0; i < RIDE_SECONDS / 2; i += 1) {
      const [host, other] = await Promise.all([videoTime(page), videoTime(joiner)]);
      expect(Math.abs(host - other), `host ${host} s, joiner ${other} s`).toBeLessThan(
        GROUP.syncMarginSeconds,
      );
      await page.waitForTimeout(2000);
    }

    // Each sees the other on the group leaderboard, with their own row.
    for (const rider of [page, joiner]) {
      const rows = rider.getByTestId('group-leaderboard').getByTestId('leaderboard-row');
      await expect(rows).toHaveCount(2, { timeout: GROUP.leaderboardRefreshMs * 3 });
    }
    const [hostBoard, joinerBoard] = await Promise.all([boardNames(page), boardNames(joiner)]);
    expect(hostBoard.others).toEqual([joinerBoard.self]);
    expect(joinerBoard.others).toEqual([hostBoard.self]);

    // The host cancels: both are told, both rides pause and leave group mode.
    await page.getByTestId('group-cancel-event').click();
    for (const rider of [page, joiner]) {
      await expect(rider.getByTestId('group-notice')).toHaveText(GROUP_MESSAGES.canceled);
      await expect(rider.getByTestId('player-stage')).toHaveAttribute('data-ride-phase', 'paused');
      await expect(rider.getByTestId('group-mode')).toHaveCount(0);
    }

    // The canceled event's rides are kept: each rider saves theirs to their own activities.
    for (const rider of [page, joiner]) {
      await rider.getByTestId('ride-paused').getByTestId('ride-save').click();
      await expectPath(rider, '/activities');
      const cards = rider.getByTestId('activity-card');
      await expect(cards).toHaveCount(1);
      await expect(cards.first().getByTestId('activity-title')).toHaveText(title);
    }
  } finally {
    await joinerContext.close();
  }
});
