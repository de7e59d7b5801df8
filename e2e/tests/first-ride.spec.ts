import { expect, test, type Page } from '@playwright/test';
import { eventListResponseSchema } from '@ridealong/contracts';
import { createChallenge } from '../support/challenges.js';
import { makeRideClip, uploadReadyVideo, waitForGo } from '../support/ride.js';
import {
  connectSimulator,
  E2E_TRACKER_URL,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/** Race mode in theatre view: fullscreen, or the stage over the whole window. */
async function expectTheatre(page: Page): Promise<void> {
  const stage = page.getByTestId('player-stage');
  await expect
    .poll(() =>
      stage.evaluate(
        (el) => document.fullscreenElement === el || el.getAttribute('data-view') === 'theatre',
      ),
    )
    .toBe(true);
}

/** The urls of the videos /events lists now (live and upcoming, and the latest completed). */
async function listedVideos(page: Page): Promise<string[]> {
  const urls: string[] = [];
  for (const path of ['/api/v1/event/active-page', '/api/v1/event/completed-page?start=0']) {
    const answer = await page.request.get(path);
    expect(answer.status()).toBe(200);
    urls.push(...eventListResponseSchema.parse(await answer.json()).events.map((e) => e.race_url));
  }
  return urls;
}

/**
 * A rider's first ride (issue 23): a new member in desktop mode connects the simulated trainer,
 * reloads the page, and one press of Start counts down and rides alone, in theatre view (the
 * page came back to the tracker by itself), and nothing is listed on /events. Ride with friends
 * is the way to host: the event is listed and its waiting room opens. A 'Ride' from a race
 * challenge enters the video page with the start signal: the ride starts by itself.
 */
test('a new desktop rider rides with one press of Start after a reload; Ride with friends hosts', async ({
  page,
  context,
}) => {
  // Sign-up, uploads and their processing, two 10 s countdowns, then a third page.
  test.setTimeout(240_000);
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const session = await signInDesktopRider(page);
  const { title } = uniqueTitle('First ride');
  // The ride's video, and two short ones to make a race challenge of three with it.
  const [video, ...others] = await Promise.all([
    uploadReadyVideo(page, session, title, await makeRideClip(30)),
    uploadReadyVideo(page, session, uniqueTitle('Short one').title, await makeRideClip(4)),
    uploadReadyVideo(page, session, uniqueTitle('Short two').title, await makeRideClip(4)),
  ]);

  await page.goto(`/video/${video.url}`);
  await connectSimulator(page);
  // Any reload: the trainer is found again without opening Connect Device.
  await page.reload();

  await page.getByTestId('player-overlay').getByRole('button', { name: 'Start' }).click();
  const countdown = page.getByTestId('ride-countdown');
  await expect(countdown).toHaveText(/^(10|9)$/, { timeout: 8000 });
  await expect(page.getByRole('dialog', { name: 'Connect Device' })).toHaveCount(0);
  await expect(page.getByTestId('group-waiting-room')).toHaveCount(0);
  await expect(page.getByTestId('group-mode')).toHaveCount(0);
  await expectTheatre(page);
  const stage = page.getByTestId('player-stage');
  await waitForGo(page, 12_000);
  await expect(stage).toHaveAttribute('data-ride-phase', 'recording', { timeout: 5000 });
  await expect(page.getByTestId('ride-power')).toHaveText(/^[1-9]\d*/, { timeout: 5000 });
  // A solo ride: no event was made for it.
  expect(await listedVideos(page)).not.toContain(video.url);

  // A 'Ride' from a race challenge's videos: the video page, entered with the start signal,
  // goes straight into the ride in theatre view, without a press of Start.
  const challenge = await createChallenge(page.request, {
    title: uniqueTitle('Three short roads').title,
    challenge_type: 'race',
    videos: [video.url, ...others.map((o) => o.url)].join(','),
  });
  const riding = await context.newPage();
  await riding.goto(`/challenge/${challenge.id}`);
  await riding.getByRole('button', { name: `Ride ${title}` }).click();
  await expect(riding).toHaveURL((url) => url.pathname === `/video/${video.url}`);
  await expect(riding.getByTestId('ride-countdown')).toBeVisible({ timeout: 10_000 });
  await expectTheatre(riding);
  await expect(riding.getByTestId('player-stage')).toHaveAttribute('data-ride-phase', 'recording', {
    timeout: 15_000,
  });
  await expect(riding.getByRole('dialog', { name: 'Connect Device' })).toHaveCount(0);
  await riding.close();

  // Another page of the same rider: /events lists nothing of it; Ride with friends hosts.
  const second = await context.newPage();
  // The active list answered and the page shows its lists (the heading is there before they
  // are): only then is 'not listed' a finding.
  const activeListed = second.waitForResponse((r) => r.url().includes('/event/active-page'));
  await second.goto('/events');
  await activeListed;
  await expect(
    second.getByTestId('event-card').or(second.getByTestId('events-empty')).first(),
  ).toBeVisible();
  await expect(second.getByRole('article', { name: title, exact: true })).toHaveCount(0);
  await second.goto(`/video/${video.url}`);
  await second
    .getByTestId('player-overlay')
    .getByRole('button', { name: 'Ride with friends' })
    .click();
  await expect(second.getByTestId('group-waiting-room')).toBeVisible({ timeout: 10_000 });
  await expect(second.getByTestId('group-host-badge')).toHaveText('Host');
  await expect.poll(() => listedVideos(second)).toContain(video.url);
});
