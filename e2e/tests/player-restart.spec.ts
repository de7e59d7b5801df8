import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { OWN_SERVER_PORTS, ownServer } from '../support/ownServer.js';
import { makeClip, signInWebRider, uniqueTitle, uploadVideo } from '../support/videos.js';

/** A port of this spec's own server, apart from the config's 8181. */
const PORT = OWN_SERVER_PORTS.playerRestart;
/** Long enough that the player must fetch segments after the restart to go on. */
const CLIP_SECONDS = 40;
/** How long the server stays away: the outage of issue 11. */
const OUTAGE_MS = 8_000;
const PROCESSING_TEXT = 'Video is being processed.';

/**
 * Issue 11: the video page's player waits out a server restart. The spec runs its own server
 * (support/ownServer.ts), kills it while a preview plays, starts it again on the same port and
 * data 8 s later, and the same playback goes on by itself.
 */
test.describe.serial('the player survives a server restart', () => {
  const server = ownServer(PORT);
  let context: BrowserContext;
  let page: Page;
  let videoPath = '';

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    test.setTimeout(240_000);
    const [clip] = await Promise.all([makeClip(CLIP_SECONDS), server.start()]);
    context = await browser.newContext({ baseURL: server.url });
    page = await context.newPage();
    await signInWebRider(page, server.dataDir);
    const { title } = uniqueTitle('Restart loop');
    videoPath = `/video/${await uploadVideo(page, title, [clip])}`;
  });

  test.afterAll(async () => {
    await context?.close();
    await server.kill();
  });

  test('playback pauses while the server is away and resumes when it is back', async () => {
    test.setTimeout(120_000);
    await page.goto(videoPath);
    // Remember if the processing state ever shows, however briefly.
    await page.evaluate((text) => {
      const w = window as Window & { sawProcessing?: boolean };
      w.sawProcessing = false;
      const check = () => {
        if (document.body.innerText.includes(text)) w.sawProcessing = true;
      };
      new MutationObserver(check).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    }, PROCESSING_TEXT);
    const sawProcessing = () =>
      page.evaluate(() => (window as Window & { sawProcessing?: boolean }).sawProcessing);

    await page.getByTestId('player-overlay').getByRole('button', { name: 'Preview' }).click();
    const video = page.getByTestId('race-video');
    const currentTime = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    const bufferedEnd = () =>
      video.evaluate((v: HTMLVideoElement) =>
        v.buffered.length ? v.buffered.end(v.buffered.length - 1) : 0,
      );
    await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(2);

    await server.kill();
    const reconnecting = page.getByTestId('player-reconnecting');
    await expect(reconnecting).toBeVisible({ timeout: 20_000 });
    await expect(reconnecting).toContainText('Reconnecting…');
    // The outage itself is the scenario (not a wait for readiness): 8 s away.
    await page.waitForTimeout(OUTAGE_MS);
    await expect(reconnecting).toBeVisible();
    await expect(reconnecting).toContainText(/Reconnecting… ([5-9]|\d\d+) s/);

    // What the player held when the server came back; going past it needs new segments.
    const heldUntil = await bufferedEnd();
    expect(heldUntil, 'the clip was not all buffered before the restart').toBeLessThan(
      CLIP_SECONDS - 2,
    );
    await server.start();
    await expect(reconnecting).toBeHidden({ timeout: 30_000 });
    await expect.poll(currentTime, { timeout: 45_000 }).toBeGreaterThan(heldUntil + 1);
    await expect(page.getByText(PROCESSING_TEXT)).toHaveCount(0);
    expect(await sawProcessing()).toBe(false);
  });
});
