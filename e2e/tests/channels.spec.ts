import { expect, test, type Page } from '@playwright/test';
import { expectPath } from '../support/accounts.js';
import {
  makeClips,
  makeImage,
  signInWebRider,
  uniqueTitle,
  uploadVideo,
} from '../support/videos.js';

/**
 * A creator's channel: the featured first video, editing the channel, the channels list and
 * the home carousels fed by real data, and the public view of the channel.
 */
test.describe.serial('a creator keeps a channel that others can find', () => {
  let page: Page;
  let userId = 0;
  const { title } = uniqueTitle('Valley climb');
  const channelTitle = `${uniqueTitle('Hill club').title}`;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const clips = await makeClips();
    page = await browser.newPage();
    ({
      session: { userId },
    } = await signInWebRider(page));
    await uploadVideo(page, title, clips);
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('my channel features the first video, and its owner edits the channel', async () => {
    await page.goto('/my-channel');
    await expect(page.getByTestId('featured-video')).toContainText(title);

    await page.getByRole('button', { name: 'Edit channel' }).click();
    const form = page.getByRole('form', { name: 'Edit channel' });
    await form.getByLabel('Channel title').fill('');
    await form.getByLabel('Channel title').blur();
    await expect(form.getByText('Required', { exact: true })).toBeVisible();

    await form.getByLabel('Channel title').fill(channelTitle);
    await form.getByLabel('Channel description').fill('Climbs, every weekend.');
    const image = await makeImage();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/channel/image'));
    await form.locator('input[type="file"]').setInputFiles(image);
    expect((await uploaded).status()).toBe(200);
    await form.getByRole('button', { name: 'Save' }).click();

    await expect(form).toBeHidden();
    await expect(page.getByTestId('channel-title')).toHaveText(channelTitle);
    await expect(page.getByTestId('channel-description')).toHaveText('Climbs, every weekend.');
    await expect(page.getByTestId('channel-image')).toHaveAttribute('src', /.+/);
  });

  test('the channels list links to the channel; its owner lands on /my-channel', async () => {
    await page.goto('/explore-channels');
    await expect(page.getByRole('heading', { name: 'Channels', level: 1 })).toBeVisible();
    const card = page
      .getByTestId('channel-card')
      .filter({ has: page.getByText(channelTitle, { exact: true }) });
    await expect(card).toContainText('1 workout');
    await card.getByRole('link', { name: channelTitle }).click();
    await expectPath(page, '/my-channel');
  });

  test('the featured carousels show real workouts and channels', async () => {
    await page.goto('/featured');
    await expect(
      page.getByTestId('workouts-carousel').getByRole('article', { name: title }),
    ).toBeVisible();
    await expect(
      page.getByTestId('channels-carousel').getByRole('article', { name: channelTitle }),
    ).toBeVisible();
  });

  test('a guest sees the public channel without the edit control', async ({ browser }) => {
    const guest = await browser.newPage();
    await guest.goto(`/channel/${userId}`);
    await expect(guest.getByTestId('channel-title')).toHaveText(channelTitle);
    await expect(guest.getByTestId('featured-video')).toContainText(title);
    await expect(guest.getByRole('button', { name: 'Edit channel' })).toHaveCount(0);
    await guest.getByTestId('featured-video').getByRole('link', { name: title }).click();
    await expect(guest).toHaveURL(/\/video\/[^/]+$/);
    await expect(guest.getByTestId('video-title')).toHaveText(title);
    await guest.close();
  });
});
