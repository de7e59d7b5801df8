import { writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { WCAG_TAGS } from '../support/axe.js';
import { makeRideClip, uploadReadyVideo } from '../support/ride.js';
import { signInDesktopRider } from '../support/tracker.js';
import { uniqueTitle } from '../support/videos.js';

/** Metres per degree of latitude. */
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;
const SPEED_MPS = 8;

/**
 * A GPX track as a bike computer writes it, one point a second: flat at 100 m for 60 s, then a
 * steady 6 % climb, northwards at 8 m/s, for `seconds`.
 */
function climbGpx(seconds: number): string {
  const start = Date.UTC(2024, 5, 1, 7, 0, 0);
  const points: string[] = [];
  for (let t = 0; t < seconds; t += 1) {
    const lat = 46 + (t * SPEED_MPS) / M_PER_DEG;
    const ele = 100 + Math.max(0, t - 60) * SPEED_MPS * 0.06;
    const time = new Date(start + t * 1000).toISOString();
    points.push(
      `<trkpt lat="${lat.toFixed(7)}" lon="6.5000000"><ele>${ele.toFixed(2)}</ele><time>${time}</time></trkpt>`,
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1">\n' +
    `<trk><name>Flat then 6 %</name><trkseg>\n${points.join('\n')}\n</trkseg></trk>\n</gpx>\n`
  );
}

/** The number in a fact such as '29 m' or '95 ft'. */
async function numberIn(locator: Locator): Promise<number> {
  return Number((await locator.textContent())?.replace(/[^\d.-]/g, ''));
}

/**
 * Resolves with the next GPX preview answered for `offset` seconds (read from the answer:
 * Chromium does not expose a multipart body carrying a file).
 */
function previewAnswer(page: Page, offset: number) {
  return page.waitForResponse(
    async (r) =>
      r.url().endsWith('/gpx/preview') &&
      r.request().method() === 'POST' &&
      // A refusal ends the wait too, and the caller's status check says so.
      (r.status() !== 200 || ((await r.json()) as { offset_s?: number }).offset_s === offset),
  );
}

/**
 * The owner's Gradients tab in the desktop app (issue 25): a GPX file and an offset give a
 * preview across the video, a new offset moves it, the upload rebuilds the video's slope
 * profile and the Description tab's route shows it; a file that is not .gpx is refused.
 */
test('the owner previews a GPX file against the video, adjusts the offset and uploads it', async ({
  page,
}, testInfo) => {
  // Sign-up, an upload and its processing, two previews and the rebuild.
  test.setTimeout(180_000);
  const session = await signInDesktopRider(page);
  const { title } = uniqueTitle('Gradients');
  const video = await uploadReadyVideo(page, session, title, await makeRideClip(90));
  const gpxPath = testInfo.outputPath('climb.gpx');
  await writeFile(gpxPath, climbGpx(240));
  const txtPath = testInfo.outputPath('notes.txt');
  await writeFile(txtPath, 'not a track');

  await page.goto(`/video/${video.url}`);
  // The camera had no GPS: no slope yet.
  await expect(page.getByTestId('no-slope-notice')).toBeVisible();
  await page.getByRole('tab', { name: 'Gradients' }).click();
  const tab = page.getByTestId('gradients-tab');
  await expect(tab.getByTestId('slope-source')).toHaveText(
    'This video has no slope profile yet: trainers ride it as a flat road.',
  );
  const fileInput = tab.locator('input[type="file"]');
  await expect(fileInput).toHaveAttribute('accept', '.gpx');

  // Another extension is refused in the page: nothing is sent.
  const gpxRequests: string[] = [];
  page.on('request', (r) => void (r.url().includes('/gpx') && gpxRequests.push(r.url())));
  await fileInput.setInputFiles(txtPath);
  await expect(tab.getByRole('alert')).toHaveText(
    'Only .gpx files can be chosen: notes.txt was not sent.',
  );
  await expect(tab.getByRole('button', { name: 'Preview profile' })).toBeDisabled();
  expect(gpxRequests).toEqual([]);

  // The GPS started 10 s after the camera: the track covers the video from 0:10.
  await fileInput.setInputFiles(gpxPath);
  await expect(tab.getByRole('alert')).toHaveCount(0);
  await tab.getByLabel('Offset (seconds)').fill('-10');
  const first = previewAnswer(page, -10);
  await tab.getByRole('button', { name: 'Preview profile' }).click();
  expect((await first).status()).toBe(200);
  const preview = tab.getByTestId('gpx-preview');
  await expect(preview.getByTestId('gpx-covered')).toContainText('covers 0:10 to 1:30');
  await expect(preview.getByRole('img')).toHaveAttribute('aria-label', /of climbing/);
  const climbBefore = await numberIn(preview.getByTestId('gpx-preview-climb'));
  expect(climbBefore).toBeGreaterThan(0);

  // Three nudges of +10 s: the GPS started 20 s before the camera, more of the climb is in.
  const moved = previewAnswer(page, 20);
  for (let i = 0; i < 3; i += 1) await tab.getByRole('button', { name: '+10 s' }).click();
  await expect(tab.getByLabel('Offset (seconds)')).toHaveValue('20');
  expect((await moved).status()).toBe(200);
  await expect(preview.getByTestId('gpx-covered')).toHaveText(
    'The GPS track covers the whole video (1:30).',
  );
  await expect
    .poll(() => numberIn(preview.getByTestId('gpx-preview-climb')))
    .toBeGreaterThan(climbBefore * 1.8);
  const climbPreviewed = await numberIn(preview.getByTestId('gpx-preview-climb'));

  // Labels, names and contrast of the whole tab, the preview drawn.
  const axe = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .include('[data-testid="gradients-tab"]')
    .setLegacyMode()
    .analyze();
  const violations = axe.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}: ${v.help}`),
  );
  expect(violations).toEqual([]);

  // Upload: the progress shows, then the success, and the slope source names the file.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/race/${video.url}/gpx`) && r.request().method() === 'POST',
  );
  await tab.getByRole('button', { name: 'Upload' }).click();
  expect((await saved).status()).toBe(200);
  await expect(tab.getByTestId('gpx-finished')).toContainText(
    'Trainers now follow the slope from climb.gpx.',
  );
  await expect(tab.getByTestId('slope-source')).toHaveText(
    'The slope profile comes from the GPX file climb.gpx.',
  );

  // The Description tab's route now has the profile and the climb the preview showed.
  await page.getByRole('tab', { name: 'Description' }).click();
  await expect(page.getByTestId('no-slope-notice')).toHaveCount(0);
  const facts = page.getByTestId('route-facts');
  await expect(facts).toBeVisible();
  await expect(page.getByTestId('elevation-profile')).toBeVisible();
  const climbFact = facts.locator('div').filter({ has: page.getByText('Climb', { exact: true }) });
  const climbShown = await numberIn(climbFact.locator('p').nth(1));
  expect(Math.abs(climbShown - climbPreviewed)).toBeLessThanOrEqual(
    Math.max(1, climbPreviewed * 0.1),
  );

  // And it stays after a reload (saved on the server).
  await page.reload();
  await expect(page.getByTestId('route-facts')).toBeVisible();
});
