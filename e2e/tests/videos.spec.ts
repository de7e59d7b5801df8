import { expect, test, type Page } from '@playwright/test';
import { expectPath } from '../support/accounts.js';
import { E2E_TRACKER_URL, useTrackerUrl } from '../support/tracker.js';
import {
  CLIP_SECONDS,
  makeClips,
  searchVideos,
  signInWebRider,
  uniqueTitle,
  workoutCards,
} from '../support/videos.js';

/**
 * One creator's path through the video pages, in order: upload two clips, watch processing
 * finish, play the result, find it by search and filter, edit it, show it on the channel and
 * delete it. The steps share one signed-in page and the video it uploads.
 */
test.describe.serial('a creator uploads, plays, finds, edits and deletes a video', () => {
  let page: Page;
  let clips: string[];
  const { title, word } = uniqueTitle('Coast loop');
  let videoPath = '';

  test.beforeAll(async ({ browser }) => {
    clips = await makeClips();
    page = await browser.newPage();
    await signInWebRider(page);
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('the upload form checks the name and explains the files', async () => {
    await page.goto('/new-video');
    const form = page.getByRole('form', { name: 'Upload a video' });
    await expect(form.getByTestId('upload-help')).toContainText(
      'Select only video files (for example .mp4), not thumbnails or other camera files.',
    );
    await expect(form.getByTestId('upload-help')).toContainText('About 5 GB of free disk space');

    await form.getByLabel('Name').fill('ab');
    await form.getByLabel('Name').blur();
    await expect(form.getByText('Must be 3 characters or more')).toBeVisible();
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(form.getByTestId('upload-file-error')).toHaveText(
      'Select at least one video file.',
    );
  });

  test('two clips upload in join order, processing finishes, and /videos follows', async () => {
    test.setTimeout(180_000);
    const form = page.getByRole('form', { name: 'Upload a video' });
    await form.getByLabel('Name').fill(title);
    await form.getByLabel('Description').fill('Two clips joined into one ride.');
    await form.locator('input[type="file"]').setInputFiles(clips);
    await expect(form.getByTestId('upload-file-order').getByRole('listitem')).toHaveText([
      /clip1\.mp4/,
      /clip2\.mp4/,
    ]);

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/uploads') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Upload' }).click();
    const answer = await created;
    expect(answer.status()).toBe(200);
    const { race } = (await answer.json()) as { race: { url: string } };
    videoPath = `/video/${race.url}`;

    // The files go up (tus) and the server's processing progress takes over.
    await expect(
      page.getByTestId('upload-processing').or(page.getByTestId('upload-ready')),
    ).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByTestId('upload-ready')).toBeVisible({ timeout: 120_000 });
    // Ready: the page moves on to /videos after 3 s.
    await expectPath(page, '/videos');
  });

  test('the video plays in the browser', async () => {
    await page.goto(videoPath);
    await expect(page.getByTestId('video-title')).toHaveText(title);
    await expect(
      page.getByTestId('web-user-notice').getByRole('link', { name: 'How to get set up' }),
    ).toHaveAttribute('href', '/setup');
    const overlay = page.getByTestId('player-overlay');
    await overlay.getByRole('button', { name: 'Preview' }).click();

    const video = page.getByTestId('race-video');
    const currentTime = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(CLIP_SECONDS * 2 - 1);
    expect(duration).toBeLessThan(CLIP_SECONDS * 2 + 1);
    await page.evaluate(() => document.fullscreenElement && document.exitFullscreen());
  });

  test('Start in a browser without a trainer offers the desktop app at once, no command', async () => {
    // A tracker answers on this machine, yet a plain browser does not go looking for it.
    await useTrackerUrl(page, E2E_TRACKER_URL);
    await page.goto(videoPath);
    const pressedAt = Date.now();
    await page.getByTestId('player-overlay').getByRole('button', { name: 'Start' }).click();
    const ways = page.getByTestId('ride-ways');
    // At once, not after the 20-30 s a search for the tracker takes (a busy machine's margin).
    await expect(ways).toBeVisible({ timeout: 5000 });
    expect(Date.now() - pressedAt).toBeLessThan(5000);
    await expect(ways).toContainText('desktop app');
    await expect(
      ways.getByTestId('download-installer').or(ways.getByTestId('desktop-unpublished')),
    ).toBeVisible();
    await expect(ways.getByRole('link', { name: 'How to get set up' })).toHaveAttribute(
      'href',
      '/setup',
    );
    // Bluetooth in this browser only where it has it (by the ways or the unpublished note):
    // elsewhere the panel could not connect one.
    const bluetooth = await page.evaluate(() => 'bluetooth' in navigator);
    await expect(ways.getByRole('button', { name: 'Connect a Bluetooth trainer' })).toHaveCount(
      bluetooth ? 1 : 0,
    );
    await expect(page.locator('body')).not.toContainText('npm run');
    await expect(page.getByRole('dialog', { name: 'Connect Device' })).toHaveCount(0);
    // Group rides are the desktop app's: no Ride with friends in a plain browser.
    await expect(page.getByRole('button', { name: 'Ride with friends' })).toHaveCount(0);
  });

  test('the list finds the video by search and duration', async () => {
    await page.goto('/videos');
    await expect(page.getByRole('heading', { name: 'Workouts', level: 1 })).toBeVisible();

    await searchVideos(page, word);
    const card = workoutCards(page, title);
    await expect(card).toHaveCount(1);
    await expect(card.getByLabel(/^Duration 0:0\d$/)).toBeVisible();
    await expect(card.getByRole('link', { name: /^from / })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`term=${word}`));

    await page.getByRole('textbox', { name: 'Duration' }).click();
    await page.getByRole('option', { name: 'Over 60 min' }).click();
    await expect(page.getByTestId('videos-empty')).toHaveText('No videos match your search.');

    await page.getByRole('textbox', { name: 'Duration' }).click();
    await page.getByRole('option', { name: 'Under 15 min' }).click();
    await expect(workoutCards(page, title)).toHaveCount(1);

    await searchVideos(page, `${word}-nothing-like-this`);
    await expect(page.getByTestId('videos-empty')).toHaveText('No videos match your search.');
  });

  test('the owner edits the video; the page updates at once', async () => {
    await page.goto(videoPath);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit video' });
    await form.getByLabel('Title').fill('');
    await form.getByLabel('Title').blur();
    await expect(form.getByText('Required', { exact: true })).toBeVisible();

    await form.getByLabel('Title').fill(`${title} edited`);
    await form.getByLabel('Show in search results.').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('video-title')).toHaveText(`${title} edited`);
    await expect(form).toBeHidden();

    // Hidden from search now; still on the owner's channel.
    await page.goto('/videos');
    await searchVideos(page, word);
    await expect(page.getByTestId('videos-empty')).toHaveText('No videos match your search.');
    await page.goto('/my-channel');
    await expect(page.getByTestId('featured-video')).toContainText(`${title} edited`);
  });

  test('the owner deletes the video after "Are you sure?"', async () => {
    await page.goto(videoPath);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectPath(page, '/videos');

    await page.goto(videoPath);
    await expect(page.getByText('Video is being processed.')).toBeVisible();
  });
});

test('a video that does not exist shows the processing state', async ({ page }) => {
  await page.goto('/video/no-such-video');
  await expect(page.getByTestId('video-processing')).toContainText('Video is being processed.');
  await expect(page.getByTestId('web-user-notice')).toBeVisible();
});
