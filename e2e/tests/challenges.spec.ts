import { expect, test } from '@playwright/test';
import { AUTH_TOKEN_HEADER, CHALLENGE_MESSAGES } from '@ridealong/contracts';
import { expectPath } from '../support/accounts.js';
import { adminDate, signInAdmin } from '../support/challenges.js';
import {
  installDesktopBridge,
  makeRideClip,
  uploadReadyVideo,
  waitForGo,
} from '../support/ride.js';
import {
  connectSimulator,
  E2E_TRACKER_URL,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

const RIDE_SECONDS = 20;
/** Minutes: a 20 s ride is a small, visible step towards it. */
const GOAL_MINUTES = 10;

test('an admin creates the featured challenge; a member joins it, rides, and sees progress, their place and My Challenges', async ({
  page,
  browser,
}) => {
  // Admin page, upload and processing, the 10 s countdown, 20 s of riding, then the pages.
  test.setTimeout(240_000);
  const { title } = uniqueTitle('Ten minute test');

  // The admin creates a featured, time-based challenge on the admin page.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto('/admin');
  const form = admin.getByTestId('admin-challenge-form');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Type').fill('time');
  await form.getByLabel('Start date').fill(adminDate(-1));
  await form.getByLabel('End date').fill(adminDate(30));
  await form.getByLabel('Goal').fill(String(GOAL_MINUTES));
  await form.getByLabel('Description').fill('Ride ten minutes in a month.');
  await form.getByLabel('Featured').check();
  await form.getByRole('button', { name: 'Create challenge' }).click();
  await expect(admin.getByText(CHALLENGE_MESSAGES.created)).toBeVisible();
  await adminContext.close();

  // A desktop rider with the simulated trainer and a video of their own.
  await installDesktopBridge(page);
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const session = await signInDesktopRider(page);
  const video = await uploadReadyVideo(
    page,
    session,
    uniqueTitle('Challenge ride').title,
    await makeRideClip(RIDE_SECONDS + 15),
  );

  // /challenges shows it as the featured challenge; Join.
  await page.goto('/challenges');
  const featured = page.getByTestId('challenges-featured');
  await expect(featured).toContainText(title);
  const challengeId = Number(await featured.getAttribute('data-challenge-id'));
  expect(challengeId).toBeGreaterThan(0);
  const joined = page.waitForResponse((r) => r.url().endsWith('/api/v1/challenge/add-user'));
  await featured.getByTestId('challenge-join').click();
  expect((await joined).status()).toBe(200);
  await expect(featured.getByTestId('challenge-join')).toHaveCount(0);

  // Ride the video for 20 s and save it.
  await page.goto(`/video/${video.url}`);
  await connectSimulator(page);
  await page.getByTestId('player-overlay').getByRole('button', { name: 'Start' }).click();
  await waitForGo(page, 15_000);
  await expect(page.getByTestId('ride-time')).toHaveText(`0:00:${RIDE_SECONDS}`, {
    timeout: (RIDE_SECONDS + 10) * 1000,
  });
  await page
    .locator('[data-testid="player-stage"] video')
    .evaluate((v: HTMLVideoElement) => v.pause());
  await page.getByTestId('ride-paused').getByTestId('ride-save').click();
  await expectPath(page, '/activities');

  // The server counts the saved ride (its track.saved job), never the page.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(
          `/api/v1/challenge/user-challenge/?challenge_id=${challengeId}&user_id=${session.userId}`,
          { headers: { [AUTH_TOKEN_HEADER]: session.token } },
        );
        const body = (await answer.json()) as {
          user_challenge: { completion_percent: number } | null;
        };
        return body.user_challenge?.completion_percent ?? 0;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);

  // The challenge page: progress, the status text, and first place with its medal.
  await page.goto(`/challenge/${challengeId}`);
  await expect(page.getByTestId('challenge-status-text')).toHaveText('Off to a good start!');
  await expect(page.getByTestId('challenge-progress')).toBeVisible();
  const me = page
    .getByTestId('challenge-leaderboard')
    .getByTestId('leaderboard-row')
    .and(page.locator('[data-me="true"]'));
  await expect(me).toHaveAttribute('data-ranking', '1');
  await expect(me).toHaveAttribute('data-medal', 'gold');

  // /activities: the 'My Challenges:' card lists it (the user is refreshed on arrival).
  await page.goto('/activities');
  const mine = page.getByTestId('my-challenges');
  await expect(mine).toContainText(CHALLENGE_MESSAGES.myChallenges);
  await expect(mine.getByTestId('my-challenge-row').filter({ hasText: title })).toBeVisible();
});
