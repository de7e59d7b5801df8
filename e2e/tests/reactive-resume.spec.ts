import { expect, test, type Page } from '@playwright/test';
import { riderWithClimb } from '../support/climb.js';
import { measureEffort } from '../support/effort.js';
import {
  playbackSamples,
  setTrackerPower,
  startPlaybackSampler,
  videoTimeAt,
  watchPushedPoints,
} from '../support/reactive.js';
import { waitForGo } from '../support/ride.js';
import { connectSimulator } from '../support/tracker.js';

/** About 0.5x and 1.4x on the climb (support/climb.ts) for the default 72 kg rider. */
const EASY_WATTS = 100;
const HARD_WATTS = 400;
/** Ridden before the reload: enough road that a restart from 0 could not pass for a resume. */
const FIRST_METRES = 30;

/** What this browser keeps of a ride (the app's StoredRide, the fields checked here). */
type KeptRide = {
  race_url: string;
  last_elapsed: number;
  accumulated_power: number;
  mode?: string;
  difficulty?: number;
  distance?: number;
};

/**
 * The ride this browser keeps for the video, read from the app's IndexedDB (ridealong-rides).
 * Only once the page has opened it (the resume offer shows): opening it first would make an
 * empty database the app then never sets up.
 */
async function keptRide(page: Page, raceUrl: string): Promise<KeptRide | undefined> {
  const rides = await page.evaluate(
    () =>
      new Promise<KeptRide[]>((resolve, reject) => {
        const open = indexedDB.open('ridealong-rides');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('rides').objectStore('rides').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve(all.result as KeptRide[]);
          };
        };
      }),
  );
  return rides.find((r) => r.race_url === raceUrl);
}

/**
 * Issue 26: a reactive ride left by a reload is kept in the browser with its mode, difficulty
 * and distance; 'Resume ride' goes on with it reactive (the video's rate follows the power),
 * its video at the kept distance's place (1 s), and its distance on from there, not from 0.
 */
test('a reactive ride kept over a reload resumes reactive, at its distance', async ({ page }) => {
  // Sign-up, the upload and its processing, two 10 s countdowns and about 25 s of riding.
  test.setTimeout(170_000);
  const { video, timeline } = await riderWithClimb(page, 'Reactive resume');

  await page.goto(`/video/${video.url}`);
  await connectSimulator(page);
  try {
    await setTrackerPower(HARD_WATTS);
    const overlay = page.getByTestId('player-overlay');
    const modes = overlay.getByRole('radiogroup', { name: 'Ride mode' });
    await expect(modes.getByRole('radio', { name: 'Reactive' })).toBeChecked();
    await overlay.getByRole('button', { name: 'Start' }).click();
    const route = page.getByTestId('ride-route');
    await expect(route).toHaveAttribute('data-reactive', 'true', { timeout: 10_000 });
    await waitForGo(page, 15_000);
    const you = route.getByRole('img', { name: 'You' });
    const riderAt = async () => Number(await you.getAttribute('data-distance-m'));
    await expect.poll(riderAt, { timeout: 15_000 }).toBeGreaterThan(FIRST_METRES);
    const shownBefore = await riderAt();

    // A reload mid-ride (as a crash would): the leave warning's prompt is let through.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    const offer = page.getByTestId('ride-resume-offer');
    await expect(offer).toBeVisible({ timeout: 15_000 });
    const kept = await keptRide(page, video.url);
    if (!kept) throw new Error('no ride of the video is kept in this browser');
    const keptMetres = kept.distance ?? 0;
    const resumeAt = videoTimeAt(timeline, keptMetres);
    test.info().annotations.push({
      type: 'kept',
      description: `shown ${shownBefore.toFixed(1)} m before the reload; kept ${keptMetres.toFixed(1)} m at ride second ${kept.last_elapsed} (${kept.mode}, ${kept.difficulty} %), resumes at ${resumeAt.toFixed(2)} s of video`,
    });
    await test.step('kept with its mode, difficulty and distance', () => {
      expect(kept.mode).toBe('reactive');
      expect(kept.difficulty).toBe(100);
      expect(kept.last_elapsed).toBeGreaterThanOrEqual(1);
      // The last recorded second's: at most a second's riding (7 m/s) short of the marker read
      // before the reload (the ride went on until the reload, so it may be further on).
      expect(keptMetres).toBeGreaterThan(FIRST_METRES - 8);
    });

    await setTrackerPower(EASY_WATTS);
    await startPlaybackSampler(page);
    const samples = () => playbackSamples(page);
    const pushed = watchPushedPoints(page);
    await offer.getByRole('button', { name: 'Resume ride' }).click();
    await expect(route).toHaveAttribute('data-reactive', 'true', { timeout: 10_000 });
    await waitForGo(page, 15_000);
    const goAt = await page.evaluate(() => performance.now());

    await test.step('the video goes on at the kept distance (1 s)', async () => {
      const shown = await samples();
      const counting = shown.filter((s) => s.phase === 'countdown');
      expect(counting.length).toBeGreaterThan(0);
      for (const s of counting) expect(Math.abs(s.time - resumeAt)).toBeLessThanOrEqual(1);
      await expect
        .poll(async () => (await samples()).some((s) => s.phase === 'recording' && !s.paused))
        .toBe(true);
      const first = (await samples()).find((s) => s.phase === 'recording' && !s.paused);
      expect(Math.abs((first?.time ?? Number.NaN) - resumeAt)).toBeLessThanOrEqual(1);
    });

    const easy = await test.step(`reactive at ${EASY_WATTS} W`, () => measureEffort(samples, goAt));
    await setTrackerPower(HARD_WATTS);
    const hardFrom = await page.evaluate(() => performance.now());
    const hard = await test.step(`reactive at ${HARD_WATTS} W`, () =>
      measureEffort(samples, hardFrom));
    test.info().annotations.push({
      type: 'playback',
      description: `after the resume: ${EASY_WATTS} W rate ${easy.rate.toFixed(2)} (${easy.metresPerSecond?.toFixed(1)} m/s), ${HARD_WATTS} W rate ${hard.rate.toFixed(2)} (${hard.metresPerSecond?.toFixed(1)} m/s)`,
    });
    await test.step('still reactive: the rate follows the power, not 1x', () => {
      expect(easy.rate).toBeLessThan(0.8);
      expect(hard.rate).toBeGreaterThanOrEqual(easy.rate * 1.5);
    });

    await test.step('the distance goes on from the kept one', async () => {
      const riders = (await samples()).filter((s) => s.phase === 'recording' && s.rider !== null);
      const metres = riders.map((s) => s.rider ?? 0);
      expect(metres.length).toBeGreaterThan(0);
      expect(Math.min(...metres)).toBeGreaterThanOrEqual(keptMetres - 0.5);
      expect(Math.max(...metres)).toBeGreaterThan(keptMetres + 10);
    });

    await test.step('pushed as one ride: its seconds go on, its distance never goes back', async () => {
      // The resumed page sends what the reload left unsent, then a batch every 10 s of ride.
      await expect
        .poll(() => pushed().some((p) => p.elapsed_time > kept.last_elapsed), { timeout: 15_000 })
        .toBe(true);
      const points = pushed();
      const next = points.find((p) => p.elapsed_time > kept.last_elapsed);
      expect(next?.elapsed_time).toBe(kept.last_elapsed + 1);
      expect(next?.distance).toBeGreaterThanOrEqual(keptMetres);
      expect(new Set(points.map((p) => p.track_id)).size).toBe(1);
      const drops = points.filter((p, i) => i > 0 && p.distance < (points[i - 1]?.distance ?? 0));
      expect(drops).toEqual([]);
      expect(points.at(-1)?.distance ?? 0).toBeGreaterThan(keptMetres + 10);
    });

    await test.step("paused, the summary's time counts the seconds before the reload", async () => {
      await page.getByRole('button', { name: 'Pause ride' }).click();
      const paused = page.getByTestId('ride-paused');
      const summaryTime = paused.getByTestId('ride-summary').getByTestId('summary-time');
      await expect(summaryTime).toBeVisible();
      // The ride's seconds count from its first, before the reload: so does its summary.
      const rideTime = (await page.getByTestId('ride-time').textContent()) ?? '';
      const seconds = rideTime.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
      test.info().annotations.push({
        type: 'summary',
        description: `paused at ride time ${rideTime} (${seconds} s, ${kept.last_elapsed + 1} s of them before the reload)`,
      });
      expect(seconds).toBeGreaterThan(kept.last_elapsed + 1);
      await expect(summaryTime).toHaveText(rideTime);
    });
  } finally {
    const shown = await playbackSamples(page).catch(() => []);
    await test.info().attach('playback-samples.json', {
      body: JSON.stringify(shown),
      contentType: 'application/json',
    });
    // The config's tracker outlives this spec: the others ride at the default.
    await setTrackerPower(200);
  }
});
