import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { AD_TEXT, REMOVE_ADS_PATH } from '@ridealong/contracts';
import { expectPath, type Session } from '../support/accounts.js';
import { violationsOf } from '../support/axe.js';
import { signInAdmin } from '../support/challenges.js';
import { makeRideClip, uploadReadyVideo, waitForGo } from '../support/ride.js';
import { connectSimulator, E2E_TRACKER_URL, useTrackerUrl } from '../support/tracker.js';
import {
  makeClips,
  makeImage,
  signInWebRider,
  uniqueTitle,
  uploadVideo,
} from '../support/videos.js';

/**
 * Ads on the Free plan (issue 27): an admin makes house ads for the Workouts list and the video
 * page; a Core member is shown none (the page does not even ask); once the plan has ended the
 * same member sees them, the video page's below the player; a click is counted and lands on the
 * ad's link (a tiny local page); the pages with ads pass axe; the video page's slot is gone while
 * a ride runs. One admin, one member, one video for the whole file (and a ride's own), in order.
 */

const LANDING_TEXT = 'Ad landing page';
let landing: Server;
let landingUrl = '';
let admin: Page;
let member: Page;
let memberSession: Session;
let videoUrl = '';
const { title: VIDEOS_AD } = uniqueTitle('Spring sale');
const { title: VIDEO_AD } = uniqueTitle('Trainer deal');

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Creates a house ad through the admin page's form, with an image. */
async function createAd(page: Page, title: string, slot: string, image: string) {
  const form = page.getByRole('form', { name: 'Create a house ad' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Link').fill(landingUrl);
  await form.getByLabel('Slot').selectOption(slot);
  await form.getByLabel('Weight').fill('5');
  await form.locator('input[type="file"]').setInputFiles(image);
  await form.getByRole('button', { name: 'Create ad' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('No image')).toHaveCount(0);
}

/** The ad slot of a page, once an ad is in it. */
const adSlot = (page: Page) => page.getByRole('complementary', { name: AD_TEXT.label });

test.describe.serial('ads on the Free plan', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    landing = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>${LANDING_TEXT}</title><h1>${LANDING_TEXT}</h1>`);
    });
    await new Promise<void>((resolve) => landing.listen(0, '127.0.0.1', resolve));
    landingUrl = `http://127.0.0.1:${(landing.address() as AddressInfo).port}/landing`;
    admin = await newPage(browser);
    member = await newPage(browser);
    await signInAdmin(admin);
    videoUrl = await uploadVideo(admin, uniqueTitle('Ad page').title, await makeClips());
  });

  test.afterAll(async () => {
    await Promise.all([admin?.context().close(), member?.context().close()]);
    await new Promise((resolve) => landing?.close(resolve));
  });

  test('an admin creates house ads for the Workouts list and the video page', async () => {
    const image = await makeImage();
    await admin.goto('/admin');
    await expect(admin.getByRole('heading', { name: 'House ads' })).toBeVisible();
    await createAd(admin, VIDEOS_AD, 'videos', image);
    await createAd(admin, VIDEO_AD, 'video', image);
    // The contract's checks speak before the server is asked.
    const form = admin.getByRole('form', { name: 'Create a house ad' });
    await form.getByLabel('Title').fill('Bad link');
    await form.getByLabel('Link').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Create ad' }).click();
    await expect(form.getByText('The link must be an http(s) address.')).toBeVisible();
  });

  test('a Core member is shown no ad, and the pages never ask for one', async () => {
    test.setTimeout(120_000);
    const asked: string[] = [];
    member.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/v1/ads')) asked.push(r.url());
    });
    memberSession = (await signInWebRider(member)).session;
    await member.goto('/pricing');
    await member.getByTestId('buy-core').click();
    await member.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectPath(member, '/profile', 15_000);
    await expect(member.getByTestId('plan-name')).toContainText('Core');

    await member.goto('/videos');
    await expect(member.getByTestId('videos-page')).toBeVisible();
    await member.goto(`/video/${videoUrl}`);
    await expect(member.getByTestId('video-page')).toBeVisible();
    // Every request the page makes has been made (a slot would have asked by now).
    await member.waitForLoadState('networkidle');
    await expect(adSlot(member)).toHaveCount(0);
    expect(asked).toEqual([]);
    member.removeAllListeners('request');
  });

  test('once the plan has ended, the member sees ads on /videos and below the player', async () => {
    test.setTimeout(120_000);
    // The plan ends at once in the test provider's portal.
    await member.goto('/profile');
    await member.getByTestId('plan-cancel').click();
    await member.getByTestId('plan-cancel-confirm').click();
    await member.getByRole('button', { name: 'End period now', exact: true }).click();
    await member.getByRole('link', { name: 'Back to RideAlong' }).click();
    await expectPath(member, '/profile', 15_000);
    await expect(member.getByTestId('plan-name')).not.toContainText('Core');

    await member.goto('/videos');
    const slot = adSlot(member);
    await slot.scrollIntoViewIfNeeded();
    await expect(slot.getByRole('img', { name: VIDEOS_AD })).toBeVisible();
    await expect(slot.getByText(AD_TEXT.label, { exact: true })).toBeVisible();
    await expect(slot.getByRole('link', { name: AD_TEXT.removeAds })).toHaveAttribute(
      'href',
      REMOVE_ADS_PATH,
    );
    expect(await violationsOf(member)).toEqual([]);

    await member.goto(`/video/${videoUrl}`);
    const below = adSlot(member);
    await below.scrollIntoViewIfNeeded();
    await expect(below.getByRole('img', { name: VIDEO_AD })).toBeVisible();
    const player = await member.getByTestId('video-page').locator('video').first().boundingBox();
    const ad = await below.boundingBox();
    expect(player && ad && ad.y >= player.y + player.height).toBe(true);
    expect(await violationsOf(member)).toEqual([]);
  });

  test('a click is counted and lands on the ad’s link', async () => {
    await member.goto('/videos');
    const title = adSlot(member).getByRole('link', { name: VIDEOS_AD }).last();
    await title.scrollIntoViewIfNeeded();
    const popup = member.waitForEvent('popup');
    await title.click();
    const opened = await popup;
    await opened.waitForURL(landingUrl);
    await expect(opened.getByRole('heading', { name: LANDING_TEXT })).toBeVisible();
    await opened.close();

    await admin.goto('/admin');
    const row = admin.getByRole('row').filter({ hasText: VIDEOS_AD });
    await expect(row.getByTestId('ad-clicks')).toHaveText('1');
    // The member's view of the slot (its image loaded, in view) counted once for the day, from
    // the site's own page (Sec-Fetch-Site: same-origin).
    await expect(row.getByTestId('ad-impressions')).toHaveText('1');
    await row.getByRole('button', { name: 'Stats' }).click();
    const today = new Date().toISOString().slice(0, 10);
    const day = admin
      .getByRole('table', { name: 'Daily counts' })
      .getByRole('row', { name: today });
    await expect(day.getByRole('cell').nth(2)).toHaveText('1');
  });

  test('the video page shows no ad while a ride runs, and the slot comes back after it', async () => {
    // An upload and its processing, the 10 s countdown and a moment of riding.
    test.setTimeout(150_000);
    // A ride plays the whole video, which a free member may not for the admin's (it sends them
    // to /video-upgrade): they ride one of their own; the slot is the same 'video' one.
    const { title } = uniqueTitle('Ad-free ride');
    const own = await uploadReadyVideo(member, memberSession, title, await makeRideClip(20));
    // Desktop mode (Connect Device) with the config's simulated trainer.
    await useTrackerUrl(member, E2E_TRACKER_URL);
    await member.goto('/?electronMode=true');
    await expect(member.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await member.goto(`/video/${own.url}`);
    await expect(adSlot(member).getByRole('img', { name: VIDEO_AD })).toBeVisible();
    await connectSimulator(member);

    const stage = member.getByTestId('player-stage');
    await member
      .getByTestId('player-overlay')
      .getByRole('button', { name: 'Start', exact: true })
      .click();
    await expect(member.getByTestId('ride-countdown')).toBeVisible();
    await expect(member.getByTestId('ad-slot')).toHaveCount(0);
    await waitForGo(member, 15_000);
    await expect(stage).toHaveAttribute('data-ride-phase', 'recording');
    await expect(member.getByTestId('ad-slot')).toHaveCount(0);

    // Two seconds with power (Discard needs some), paused, then discarded: the ride is over.
    await expect(member.getByTestId('ride-time')).toHaveText('0:00:02', { timeout: 10_000 });
    await stage.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    const paused = member.getByTestId('ride-paused');
    await expect(member.getByTestId('ad-slot')).toHaveCount(0);
    await paused.getByTestId('ride-discard').click();
    await member
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(paused).toHaveCount(0);
    await expect(stage).toHaveAttribute('data-ride-phase', 'idle');
    const back = adSlot(member);
    await back.scrollIntoViewIfNeeded();
    await expect(back.getByRole('img', { name: VIDEO_AD })).toBeVisible();
  });
});
