import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectPath, type Session } from '../support/accounts.js';
import { makeRideClip, uploadReadyVideo } from '../support/ride.js';
import { signInWebRider, uniqueTitle } from '../support/videos.js';

const run = promisify(execFile);

/** The owner's layer: 8 s of a tone over 10-18 s of a 40 s video. */
const LAYER_START_S = 10;
const LAYER_SECONDS = 8;
const CLIP_SECONDS = 40;

type Layer = { id: number; status: string; start_index: number; end_index: number };

/** A short recording as a browser or the desktop app would send it (AAC in MP4). */
async function makeRecording(path: string): Promise<Buffer> {
  await run(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${LAYER_SECONDS}`],
    ...['-c:a', 'aac', '-b:a', '64k', '-y', path],
  ]);
  return readFile(path);
}

/** Uploads the owner's layer through the API and waits, polling the owner's list, until ready. */
async function addReadyLayer(page: Page, owner: Session, videoUrl: string, audio: Buffer) {
  const headers = { 'x-auth-token': owner.token };
  const answer = await page.request.post(`/api/v1/overlay/upload/${videoUrl}`, {
    headers,
    multipart: {
      start_index: String(LAYER_START_S),
      audio: { name: 'voice.m4a', mimeType: 'audio/mp4', buffer: audio },
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { id } = (await answer.json()) as Layer;
  const statusOf = async () => {
    const list = await page.request.get(`/api/v1/overlay/video-owner/${videoUrl}/${owner.userId}`, {
      headers,
    });
    return ((await list.json()) as Layer[]).find((l) => l.id === id)?.status ?? 'missing';
  };
  await expect.poll(statusOf, { timeout: 60_000, intervals: [500] }).toBe('ready');
  return id;
}

async function flipSwitch(page: Page, owner: Session, videoUrl: string, target: string) {
  const answer = await page.request.post('/api/v1/race/handle-mutes', {
    headers: { 'x-auth-token': owner.token },
    data: { id: videoUrl, to_change: target },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Starts the player as a viewer does (Preview), then puts it at `at` seconds. */
async function playFrom(page: Page, at: number): Promise<Locator> {
  await page.getByTestId('player-overlay').getByRole('button', { name: 'Preview' }).click();
  const video = page.getByTestId('race-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement, t) => {
    v.currentTime = t;
  }, at);
  return video;
}

const audioState = (audio: Locator) =>
  audio.evaluate((a: HTMLAudioElement) => ({ paused: a.paused, time: a.currentTime }));

/**
 * Saved voiceovers play for every viewer (issue 25, document 001 section 4): another member
 * hears the owner's layer while the video is in its range, in step with the video, and not
 * once the video pauses; the owner's video-audio switch silences the video's own sound but
 * not the voiceover; once the owner mutes voiceovers the viewer no longer gets the layer.
 */
test('another member hears the saved voiceover in its range until the owner mutes it', async ({
  browser,
}, testInfo) => {
  // Two sign-ups, the video's processing, the layer's processing, three page loads.
  test.setTimeout(240_000);
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const { session: owner } = await signInWebRider(ownerPage);
  const { title } = uniqueTitle('Voiceover');
  const video = await uploadReadyVideo(ownerPage, owner, title, await makeRideClip(CLIP_SECONDS));
  const recording = await makeRecording(testInfo.outputPath('voice.m4a'));
  const layerId = await addReadyLayer(ownerPage, owner, video.url, recording);

  const viewerContext = await browser.newContext();
  const page = await viewerContext.newPage();
  const { session: viewer } = await signInWebRider(page);
  // A first sign-in ends on the profile page: let it land before leaving for the video.
  await expectPath(page, '/profile');
  await page.goto(`/video/${video.url}`);
  const audio = page.getByTestId('voiceover-audio');
  await expect(audio).toHaveCount(1);

  // Into the layer's range: its audio plays, 3 s in where the video is 3 s into the layer.
  const player = await playFrom(page, LAYER_START_S + 3);
  await expect(audio).toHaveAttribute('data-layer-id', String(layerId));
  await expect.poll(async () => (await audioState(audio)).paused, { timeout: 10_000 }).toBe(false);
  const first = await audioState(audio);
  await expect.poll(async () => (await audioState(audio)).time).toBeGreaterThan(first.time + 0.5);
  const inStep = await page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="race-video"]')!;
    const a = document.querySelector<HTMLAudioElement>('[data-testid="voiceover-audio"]')!;
    return { video: v.currentTime, audio: a.currentTime };
  });
  expect(Math.abs(inStep.audio - (inStep.video - LAYER_START_S))).toBeLessThan(0.6);

  // The video pauses: so does the voiceover.
  await player.evaluate((v: HTMLVideoElement) => v.pause());
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true);

  // Out of the range the voiceover keeps quiet while the video plays.
  await player.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 25;
    void v.play();
  });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(25.5);
  expect((await audioState(audio)).paused).toBe(true);

  // The owner switches the video's own sound off: the video still plays (its sound taken out
  // through Web Audio, the element's mute left to the viewer), and the voiceover still sounds.
  await flipSwitch(ownerPage, owner, video.url, 'VIDEO');
  await page.reload();
  const silent = await playFrom(page, LAYER_START_S + 2);
  await expect(silent).toHaveAttribute('data-soundtrack', 'off');
  // Muted by the page only until the viewer's gesture lets Web Audio run (Preview's click).
  await expect.poll(() => silent.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await expect.poll(async () => (await audioState(audio)).paused, { timeout: 10_000 }).toBe(false);
  const at = await silent.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => silent.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(at + 0.5);

  // The viewer mutes the player: the voiceover is muted with it.
  await silent.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
  });
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.muted)).toBe(true);

  // The owner mutes voiceovers: the viewer no longer gets the layer at all.
  await flipSwitch(ownerPage, owner, video.url, 'OVERLAY');
  const listed = await page.request.get(`/api/v1/overlay/for-video/${video.url}`, {
    headers: { 'x-auth-token': viewer.token },
  });
  expect(await listed.json()).toEqual([]);
  await page.reload();
  const quiet = await playFrom(page, LAYER_START_S + 2);
  await expect
    .poll(() => quiet.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(LAYER_START_S + 3);
  await expect(page.getByTestId('voiceover-audio')).toHaveCount(0);
  expect(
    await page
      .locator('audio')
      .evaluateAll((all) => all.filter((a) => !(a as HTMLAudioElement).paused).length),
  ).toBe(0);

  await viewerContext.close();
  await ownerContext.close();
});
