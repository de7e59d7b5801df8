import { expect, test } from '@playwright/test';
import { GROUP_MESSAGES } from '@ridealong/contracts';
import { createEvent, waitInRoom } from '../support/group.js';
import {
  bridgeMessages,
  installDesktopBridge,
  makeRideClip,
  uploadReadyVideo,
} from '../support/ride.js';
import { NO_TRACKER_URL, signInDesktopRider, useTrackerUrl } from '../support/tracker.js';
import { signInWebRider, uniqueTitle } from '../support/videos.js';

/**
 * Issue 23: in the waiting room each rider's trainer state shows, and a rider without a
 * trainer is asked to connect one before the host starts (not only once the event has
 * started). The host, hosting through the API and waiting over the real /group channel with
 * its trainer reported connected, hears the joiner's state from the server.
 */
test('a joiner without a trainer is asked to connect in the waiting room, and the host hears it', async ({
  browser,
  page,
  baseURL,
}) => {
  // Two sign-ups, an upload and its processing.
  test.setTimeout(240_000);
  const hostContext = await browser.newContext();
  const hostPage = await hostContext.newPage();
  const { session } = await signInWebRider(hostPage);
  const { title } = uniqueTitle('Waiting room');
  const video = await uploadReadyVideo(hostPage, session, title, await makeRideClip(20));
  const eventId = await createEvent(hostPage, session, video.url);
  const host = await waitInRoom(baseURL ?? '', session, eventId, true);

  try {
    // The joiner: the desktop app with no tracker running.
    await installDesktopBridge(page);
    await useTrackerUrl(page, NO_TRACKER_URL);
    const joiner = await signInDesktopRider(page);
    await page.goto('/events');
    const card = page.getByRole('article', { name: title, exact: true });
    await expect(card.getByTestId('event-time')).toHaveText('Starts when the host is ready');
    await expect(card.getByTestId('event-riders')).toHaveText('1 rider in');
    await card.getByRole('link', { name: `Join ${title}` }).click();

    const room = page.getByTestId('group-waiting-room');
    const rows = room.getByTestId('group-member');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: '(host)' }).getByTestId('group-member-trainer')).toHaveText(
      'Trainer connected',
    );
    await expect(rows.filter({ hasText: '(you)' }).getByTestId('group-member-trainer')).toHaveText(
      'No trainer',
    );
    // Asked now, before the start; not the started event's message.
    const ask = room.getByTestId('group-trainer-ask');
    await expect(ask).toBeVisible();
    await expect(page.getByText(GROUP_MESSAGES.connectToJoin)).toHaveCount(0);

    // The host's own socket hears from the server that the joiner is not ready.
    await expect
      .poll(() =>
        host.identities
          .filter((p) => p.user_info.id === joiner.userId)
          .map((p) => p.trainer_connected),
      )
      .toContain(false);

    // The ask's button opens Connect Device (the app's tracker window and the web's panel).
    await ask.getByRole('button', { name: 'Connect trainer' }).click();
    await expect(page.getByRole('dialog', { name: 'Connect Device' })).toBeVisible();
    expect((await bridgeMessages(page)).map((m) => m.channel)).toContain('open-tracker');
  } finally {
    await host.leave();
    await hostContext.close();
  }
});
