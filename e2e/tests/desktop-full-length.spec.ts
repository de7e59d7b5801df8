import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { WEB_PLAYBACK_CAP_SECONDS } from '@ridealong/contracts';
import { launchDesktopApp, type LaunchedDesktopApp } from '../desktop/launch.js';
import { expectPath } from '../support/accounts.js';
import { uploadReadyVideo } from '../support/ride.js';
import { signInDesktopRider } from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

const run = promisify(execFile);

/** Longer than the browser's cap, so the app has something to play past it. */
const VIDEO_SECONDS = 610;
/** Where both players are sent: two seconds before the cap. */
const SEEK_TO = WEB_PLAYBACK_CAP_SECONDS - 2;

/**
 * A 610 s clip that encodes in seconds: a tiny test pattern at 5 fps and a quiet tone, so the
 * real upload and processing path handles it quickly.
 */
async function makeLongClip(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ridealong-e2e-long-'));
  const file = path.join(dir, 'long.mp4');
  await run(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=5'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=22050'],
    ...['-t', String(VIDEO_SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-y', file],
  ]);
  return file;
}

/** Starts the player with Preview, then sends it to SEEK_TO. */
async function playFromNearTheCap(page: Page): Promise<Locator> {
  await page.getByTestId('player-overlay').getByRole('button', { name: 'Preview' }).click();
  const video = page.locator('[data-testid="player-stage"] video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement, at) => {
    v.currentTime = at;
  }, SEEK_TO);
  return video;
}

const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * Full-length riding is the desktop app's (documents 000 and 001, section 9): the same video, a
 * signed-in member's in the app (its owner: the plan that plays it whole), plays past 600 s;
 * on the web (a plain page of the same browser, no bridge) it stops at 600 s.
 */
test.describe.serial('a video longer than 600 s', () => {
  let desktop: LaunchedDesktopApp;
  let appPage: Page;
  let videoPath = '';

  test.beforeAll(async ({ browser, baseURL }) => {
    // ffmpeg, sign-up, the upload and its processing.
    test.setTimeout(180_000);
    const clip = makeLongClip();
    desktop = await launchDesktopApp({ browser, serverUrl: baseURL ?? '' });
    appPage = await desktop.mainPage();
    await expectPath(appPage, '/login');
    const session = await signInDesktopRider(appPage);
    const { title } = uniqueTitle('Long climb');
    videoPath = `/video/${(await uploadReadyVideo(appPage, session, title, await clip)).url}`;
  });

  test.afterAll(async () => {
    await desktop?.close();
  });

  test('plays past 600 s in the desktop app', async () => {
    test.setTimeout(60_000);
    await appPage.goto(videoPath);
    const video = await playFromNearTheCap(appPage);
    await expect
      .poll(() => currentTime(video), { timeout: 20_000 })
      .toBeGreaterThan(WEB_PLAYBACK_CAP_SECONDS + 1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  });

  test('stops at 600 s on the web', async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const web = await browser.newPage({ baseURL });
    try {
      await web.goto(videoPath);
      expect(await web.evaluate(() => 'desktopBridge' in window)).toBe(false);
      const video = await playFromNearTheCap(web);
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.paused), { timeout: 20_000 })
        .toBe(true);
      const stoppedAt = await currentTime(video);
      expect(stoppedAt).toBeGreaterThanOrEqual(WEB_PLAYBACK_CAP_SECONDS - 1);
      expect(stoppedAt).toBeLessThanOrEqual(WEB_PLAYBACK_CAP_SECONDS);
      // Held at the cap: the overlay's buttons are back.
      await expect(web.getByTestId('player-overlay')).toBeVisible();
    } finally {
      await web.close();
    }
  });
});
