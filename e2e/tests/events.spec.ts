import { expect, test } from '@playwright/test';
import { GROUP_MESSAGES } from '@ridealong/contracts';
import { expectPath } from '../support/accounts.js';
import { createEvent, waitInRoom } from '../support/group.js';
import { makeRideClip, uploadReadyVideo } from '../support/ride.js';
import { signInWebRider, uniqueTitle } from '../support/videos.js';

/**
 * /events (document 001 section 2): a member's event, created through the API, is listed for a
 * guest with its badge and host; the filter hides it under Live; a guest's Join asks to sign
 * in; once the host leaves before the start, it is not listed at all: a waiting room left
 * without starting is no completed event (issue 23).
 */
test('a guest finds a member’s upcoming event on /events and is asked to sign in to join', async ({
  browser,
  page,
  baseURL,
}) => {
  // Sign-up, an upload and its processing, then the page.
  test.setTimeout(240_000);
  const hostContext = await browser.newContext();
  const hostPage = await hostContext.newPage();
  const { rider, session } = await signInWebRider(hostPage);
  const { title, word } = uniqueTitle('Group climb');
  const video = await uploadReadyVideo(hostPage, session, title, await makeRideClip(20));
  // A name the client sends is not shown: the card names the member (issue 21).
  const eventId = await createEvent(hostPage, session, video.url, `Staff ${word}`);
  const host = await waitInRoom(baseURL ?? '', session, eventId);

  try {
    // The guest: the test's own page, never signed in.
    await page.goto('/events');
    await expect(page).toHaveTitle(`${GROUP_MESSAGES.pageTitle} | RideAlong`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(GROUP_MESSAGES.heading);

    const card = page.getByRole('article', { name: title, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('event-badge')).toHaveText('About to Happen!');
    await expect(card.getByTestId('event-host')).toHaveText(`Hosted by ${rider.username}`);
    await expect(card.getByTestId('event-time')).toHaveText('Starts when the host is ready');
    await expect(card.getByTestId('event-riders')).toHaveText('1 rider in');

    // Live is in-progress only: the waiting-room event goes; Upcoming and All bring it back.
    const filter = page.getByTestId('events-filter');
    await filter.getByText('Live', { exact: true }).click();
    await expect(card).toHaveCount(0);
    await filter.getByText('Upcoming', { exact: true }).click();
    await expect(card).toBeVisible();
    await filter.getByText('All', { exact: true }).click();
    await expect(card).toBeVisible();

    await card.getByRole('link', { name: `Join ${title}` }).click();
    await expectPath(page, '/login');
  } finally {
    await host.leave();
  }

  // The host left before starting: the event was canceled, never ridden, so it is in neither
  // list (the completed pages as the page loads them, then the page itself).
  const completed = await page.request.get('/api/v1/event/completed-page?paginate=50');
  const { events } = (await completed.json()) as { events: Array<{ id: number }> };
  expect(events.map((e) => e.id)).not.toContain(eventId);
  await page.goto('/events');
  const listed = page.getByTestId('event-card').or(page.getByText(GROUP_MESSAGES.noEvents));
  await expect(listed.first()).toBeVisible();
  await expect(page.getByRole('article', { name: title, exact: true })).toHaveCount(0);
  await hostContext.close();
});
