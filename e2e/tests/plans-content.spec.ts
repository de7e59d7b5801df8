import { expect, test, type Browser, type Page } from '@playwright/test';
import { ensureSampleServer, sampleServer, waitForSampleVideo } from '../support/sampleServer.js';
import { signInDesktopRider } from '../support/tracker.js';
import { makeClips, signInWebRider, uploadVideo, workoutCards } from '../support/videos.js';

/**
 * Plans and content (issue 23): the Pro-only sample video carries its plan on its card and page,
 * a trial member in desktop mode is told which plan it needs (and that Pro is not on sale yet),
 * a clip without GPS says it has no slope data, and a video with GPS shows its route.
 *
 * The server is the run's sample content server (support/sampleServer.ts; the config's has none).
 */

const PRO_VIDEO = { url: 'sample-alpine-pass', title: 'Alpine Pass Climb' };
/** The catalogue's last video: once it is ready, no ffmpeg competes with the tests. */
const LAST_SAMPLE_VIDEO = 'sample-alpine-foothills';
/** The sample catalogue makes its videos in the background after start, one after another. */
const CATALOGUE_READY_MS = 300_000;

const server = sampleServer;

async function pageOnServer(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 900 },
  });
  return context.newPage();
}

test.describe.serial('plans and content', () => {
  test.beforeAll(async () => {
    test.setTimeout(CATALOGUE_READY_MS + 60_000);
    await ensureSampleServer();
    await waitForSampleVideo(PRO_VIDEO.url, CATALOGUE_READY_MS);
    await waitForSampleVideo(LAST_SAMPLE_VIDEO, CATALOGUE_READY_MS);
  });

  test('the Pro-only sample video shows its plan on its card and page, with its route', async ({
    browser,
  }) => {
    const page = await pageOnServer(browser);
    await page.goto('/videos');
    const card = workoutCards(page, PRO_VIDEO.title);
    await expect(card.getByTestId('plan-badge')).toHaveText('Pro');
    await expect(workoutCards(page, 'Coastal Rollers').getByTestId('plan-badge')).toHaveCount(0);

    await card.getByRole('link', { name: PRO_VIDEO.title }).click();
    const description = page.getByTestId('video-description');
    await expect(description.getByTestId('plan-badge')).toHaveText('Pro');
    await expect(description.getByTestId('no-slope-badge')).toHaveCount(0);
    const facts = page.getByTestId('route-facts');
    await expect(facts).toContainText('Distance');
    await expect(facts).toContainText(/\d+ ft/);
    await expect(
      page.getByRole('img', { name: /^Elevation profile over [\d.]+ mi/ }),
    ).toBeVisible();
    await page.context().close();
  });

  test('a trial member in desktop mode is told the video needs Pro, which is coming soon', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const page = await pageOnServer(browser);
    await signInDesktopRider(page, server.dataDir);
    await page.goto(`/video/${PRO_VIDEO.url}`);
    await expect(page).toHaveURL(/\/video-upgrade\?video=sample-alpine-pass$/);
    await expect(
      page.getByRole('heading', { name: `'${PRO_VIDEO.title}' needs the Pro plan` }),
    ).toBeVisible();
    await expect(page.getByTestId('video-upgrade-message')).toContainText(
      'Pro is coming soon and cannot be bought yet.',
    );
    await expect(page.getByRole('link', { name: 'Find another video' })).toBeVisible();
    await page.context().close();
  });

  test('a clip without GPS says it has no slope data on its card and page', async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await pageOnServer(browser);
    await signInWebRider(page, server.dataDir);
    const title = `No GPS clip ${Date.now().toString(36)}`;
    const url = await uploadVideo(page, title, await makeClips());
    const card = workoutCards(page, title);
    await expect(card.getByTestId('no-slope-badge')).toHaveText('No slope data');
    await expect(card.getByTestId('plan-badge')).toHaveCount(0);

    await page.goto(`/video/${url}`);
    await expect(page.getByTestId('video-description').getByTestId('no-slope-badge')).toBeVisible();
    await expect(page.getByTestId('no-slope-notice')).toContainText('this video has no GPS');
    await expect(page.getByTestId('route-facts')).toHaveCount(0);
    await page.context().close();
  });
});
