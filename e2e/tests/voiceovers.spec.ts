import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Session } from '../support/accounts.js';
import { violationsOf } from '../support/axe.js';
import { makeRideClip, uploadReadyVideo } from '../support/ride.js';
import { signInDesktopRider } from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/** Long enough for a take of about 2 s, and the 1 s skip after it. */
const CLIP_SECONDS = 12;
const TAKE_SECONDS = 2;

type Mutes = { mute_video_audio: boolean; mute_overlay_audio: boolean };

/**
 * Document 001 section 4, 'Voiceover recording', in desktop mode with Chromium's fake
 * microphone (a tone; playwright.config.ts): the owner records a take of about 2 s, sees it
 * UNSAVED, saves it and sees it come back processed with its waveform; flips both audio
 * switches (the video's flags change on the server); deletes it, cancelling first.
 */
test.describe.serial('voiceovers on the video page (desktop mode)', () => {
  let page: Page;
  let session: Session;
  let videoUrl = '';

  test.beforeAll(async ({ browser }) => {
    // Sign-up, the upload and its processing.
    test.setTimeout(180_000);
    const clip = makeRideClip(CLIP_SECONDS);
    page = await (await browser.newContext()).newPage();
    session = await signInDesktopRider(page);
    const { title } = uniqueTitle('Voiceover climb');
    videoUrl = (await uploadReadyVideo(page, session, title, await clip)).url;
  });

  test.afterAll(async () => {
    await page?.context().close();
  });

  const auth = () => ({ 'x-auth-token': session.token });
  const mutes = async (): Promise<Mutes> =>
    (await (
      await page.request.get(`/api/v1/race/${videoUrl}`, { headers: auth() })
    ).json()) as Mutes;
  const ownerLayers = async () =>
    (await (
      await page.request.get(`/api/v1/overlay/video-owner/${videoUrl}/${session.userId}`, {
        headers: auth(),
      })
    ).json()) as Array<{ type: string; status: string; start_index: number; end_index: number }>;
  const tab = () => page.getByTestId('voiceover-tab');
  const video = () => page.getByTestId('race-video');
  const videoState = () =>
    video().evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      paused: v.paused,
      muted: v.muted,
      ready: v.readyState,
    }));

  test('records a take, keeps it unsaved, saves it and shows its waveform', async () => {
    test.setTimeout(120_000);
    await page.goto(`/video/${videoUrl}`);
    await page.getByRole('tab', { name: 'Voiceover' }).click();
    await expect(tab().getByText('There are no voiceovers for this video.')).toBeVisible();
    // The stream has loaded far enough to play.
    await expect.poll(async () => (await videoState()).ready).toBeGreaterThanOrEqual(1);

    await tab().getByRole('button', { name: 'Record', exact: true }).click();
    const stop = tab().getByRole('button', { name: 'Stop' });
    await expect(stop).toBeVisible();
    await expect.poll(async () => (await videoState()).muted).toBe(true);
    await expect
      .poll(async () => (await videoState()).time, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(TAKE_SECONDS);
    await stop.click();

    const row = tab().getByTestId('voiceover-layer');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-layer-type', 'UNSAVED');
    const after = await videoState();
    expect(after.paused, 'stopping pauses the video').toBe(true);
    expect(after.muted, "the player's muted state is put back").toBe(false);
    // Stopped at about 2 s, then 1 s on.
    expect(after.time).toBeGreaterThanOrEqual(TAKE_SECONDS + 1);
    // The playhead is past the take: recording is offered again.
    await expect(tab().getByRole('button', { name: 'Record', exact: true })).toBeEnabled();

    await tab().getByRole('button', { name: 'Save recording' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to save your recordings?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(row).toHaveAttribute('data-layer-type', 'SAVED');
    // Processed by the server's job: the waveform replaces 'Processing…'.
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    const canvas = row.getByRole('img', { name: /^Waveform of the voiceover from 0:0/ });
    await expect(canvas).toBeVisible();
    await expect(canvas).toHaveJSProperty('tagName', 'CANVAS');
    expect(Number(await canvas.getAttribute('data-peaks'))).toBeGreaterThan(0);
    expect((await canvas.boundingBox())?.height).toBe(70);
    expect(await drawnPixels(canvas)).toBeGreaterThan(0);

    const [saved] = await ownerLayers();
    expect(saved?.type).toBe('SAVED');
    expect(saved?.status).toBe('ready');
    expect((saved?.end_index ?? 0) - (saved?.start_index ?? 0)).toBeGreaterThan(1.5);

    expect(await violationsOf(page)).toEqual([]);
  });

  test('recording is refused inside the saved voiceover', async () => {
    const [saved] = await ownerLayers();
    await page.getByLabel('Skip to time (seconds)').fill(String((saved?.start_index ?? 0) + 0.5));
    await tab().getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(tab().getByRole('button', { name: 'Record', exact: true })).toBeDisabled();
    await expect(
      tab().getByText('Overlaps existing voiceover, Skip to different section'),
    ).toBeVisible();
    await page.getByLabel('Skip to time (seconds)').fill('999');
    await tab().getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(tab().getByText(`Enter a time from 0 to`)).toBeVisible();
  });

  test('the switches mute the video and the voiceovers for viewers', async () => {
    const videoSwitch = tab().getByRole('switch', { name: 'Video audio' });
    const overlaySwitch = tab().getByRole('switch', { name: 'Voiceover audio' });
    await expect(videoSwitch).toBeChecked();
    await expect(overlaySwitch).toBeChecked();

    // Locked while the owner's own player is muted.
    await video().evaluate((v: HTMLVideoElement) => {
      v.muted = true;
    });
    await expect(videoSwitch).toBeDisabled();
    await expect(tab().getByText('Unmute video to access switches...')).toBeVisible();
    await video().evaluate((v: HTMLVideoElement) => {
      v.muted = false;
    });
    await expect(videoSwitch).toBeEnabled();

    await videoSwitch.click();
    await expect(videoSwitch).not.toBeChecked();
    await expect.poll(async () => (await mutes()).mute_video_audio).toBe(true);
    await overlaySwitch.click();
    await expect(overlaySwitch).not.toBeChecked();
    await expect.poll(async () => (await mutes()).mute_overlay_audio).toBe(true);

    await videoSwitch.click();
    await overlaySwitch.click();
    await expect(videoSwitch).toBeChecked();
    await expect(overlaySwitch).toBeChecked();
    await expect
      .poll(mutes)
      .toEqual(expect.objectContaining({ mute_video_audio: false, mute_overlay_audio: false }));
  });

  test('deleting asks first: cancel keeps the voiceover, confirm removes it', async () => {
    const row = tab().getByTestId('voiceover-layer');
    await row.getByRole('button', { name: /^Delete the voiceover/ }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to delete?')).toBeVisible();
    await expect(dialog.getByText("You won't be able to revert this!")).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Cancelled!')).toBeVisible();
    await expect(page.getByText('Your recording is safe.')).toBeVisible();
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: /^Delete the voiceover/ }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Deleted!')).toBeVisible();
    await expect(page.getByText('Your recording has been deleted.')).toBeVisible();
    await expect(tab().getByText('There are no voiceovers for this video.')).toBeVisible();
    expect(await ownerLayers()).toEqual([]);
  });
});

/** How many pixels of the canvas were painted (the waveform was drawn, not only sized). */
function drawnPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted += 1;
    return painted;
  });
}
