import { violationsOf } from '../support/axe.js';
import { expect, test, type Locator } from '@playwright/test';
import { makeRideClip, uploadReadyVideo, waitForGo } from '../support/ride.js';
import {
  connectSimulator,
  E2E_TRACKER_URL,
  signInDesktopRider,
  useTrackerUrl,
} from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/**
 * A paused ride on a phone (Android Chrome rides with Web Bluetooth): the stage is back inline,
 * about 358 x 201 px, and the ride's summary must not push Resume, Save and Discard out of it
 * (issue 23 review H2). The paused screen and the group waiting room also pass axe's WCAG 2
 * A/AA rules at a phone's size and a desktop's.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Long enough that the ride is paused mid-video, so Resume is offered too. */
const CLIP_SECONDS = 60;

/** The button lies wholly inside the stage and the viewport, and nothing covers it. */
async function expectReachable(button: Locator, stage: Locator): Promise<void> {
  await expect(button).toBeInViewport({ ratio: 1 });
  const inner = await button.boundingBox();
  const outer = await stage.boundingBox();
  if (!inner || !outer) throw new Error('no layout box for the button or the stage');
  expect(inner.y).toBeGreaterThanOrEqual(outer.y);
  expect(inner.x).toBeGreaterThanOrEqual(outer.x);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
  // Actionability: visible, stable, enabled and the one element hit at its centre.
  await button.click({ trial: true, timeout: 2000 });
}

test('on a phone the paused ride keeps Resume, Save and Discard on screen; paused ride and waiting room pass axe', async ({
  page,
}) => {
  // Sign-up, an upload and its processing, the 10 s countdown, a few seconds of riding.
  test.setTimeout(240_000);
  await useTrackerUrl(page, E2E_TRACKER_URL);
  const session = await signInDesktopRider(page);
  const { title } = uniqueTitle('Phone ride');
  const video = await uploadReadyVideo(page, session, title, await makeRideClip(CLIP_SECONDS));
  await page.goto(`/video/${video.url}`);
  await connectSimulator(page);

  await page.setViewportSize(PHONE);
  await page.getByTestId('player-overlay').getByRole('button', { name: 'Start' }).click();
  await waitForGo(page, 15_000);
  await expect(page.getByTestId('ride-time')).toHaveText('0:00:03', { timeout: 10_000 });
  await page
    .locator('[data-testid="player-stage"] video')
    .evaluate((v: HTMLVideoElement) => v.pause());

  // A pause returns the stage inline: the phone's small stage.
  const stage = page.getByTestId('player-stage');
  await expect(stage).toHaveAttribute('data-view', 'inline');
  const paused = page.getByTestId('ride-paused');
  await expect(paused.getByTestId('ride-summary')).toBeVisible();
  const buttons = ['ride-resume', 'ride-save', 'ride-discard'].map((id) => paused.getByTestId(id));
  const found: string[] = [];
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    for (const button of buttons) await expectReachable(button, stage);
    const at = `paused ride at ${size.width}x${size.height}`;
    found.push(...(await violationsOf(page)).map((line) => `${at} ${line}`));
  }

  // Discarded ('Are you sure?'), then Ride with friends hosts: the waiting room.
  await paused.getByTestId('ride-discard').click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(paused).toHaveCount(0);
  await page
    .getByTestId('player-overlay')
    .getByRole('button', { name: 'Ride with friends' })
    .click();
  const room = page.getByTestId('group-waiting-room');
  await expect(room).toBeVisible({ timeout: 10_000 });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expect(room).toBeVisible();
    const at = `waiting room at ${size.width}x${size.height}`;
    found.push(...(await violationsOf(page)).map((line) => `${at} ${line}`));
  }
  expect(found, found.join('\n')).toEqual([]);
});
