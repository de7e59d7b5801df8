import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import {
  expectPath,
  newRider,
  signIn,
  signUp,
  verifyEmail,
  type Rider,
  type Session,
} from './accounts.js';

const run = promisify(execFile);

/** Seconds per generated clip; two joined make a video of twice this. */
export const CLIP_SECONDS = 3;

/**
 * Writes a camera-like clip (H.264 + AAC in MP4, 30 fps) of an ffmpeg test pattern and a tone.
 * ffmpeg comes from FFMPEG_PATH or the system.
 */
async function writeClip(file: string, pattern: string, toneHz: number, seconds: number) {
  await run(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', pattern, '-f', 'lavfi', '-i', `sine=frequency=${toneHz}`],
    ...['-t', String(seconds), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-y', file],
  ]);
}

/** Two short clips (640x360) with different test patterns, in a fresh temporary folder. */
export async function makeClips(): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ridealong-e2e-clips-'));
  const sources = ['testsrc=size=640x360:rate=30', 'testsrc2=size=640x360:rate=30'];
  const files: string[] = [];
  for (const [i, source] of sources.entries()) {
    const file = path.join(dir, `clip${i + 1}.mp4`);
    await writeClip(file, source, 440 + i * 220, CLIP_SECONDS);
    files.push(file);
  }
  return files;
}

/** One test-pattern clip of `seconds` (640x360) in a fresh folder. */
export async function makeClip(seconds: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ridealong-e2e-clip-'));
  const file = path.join(dir, 'long.mp4');
  await writeClip(file, 'testsrc=size=640x360:rate=30', 330, seconds);
  return file;
}

/** A small PNG (a channel image), made with ffmpeg next to the clips. */
export async function makeImage(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ridealong-e2e-image-'));
  const file = path.join(dir, 'channel.png');
  await run(process.env.FFMPEG_PATH || 'ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x200',
    '-frames:v',
    '1',
    '-y',
    file,
  ]);
  return file;
}

/**
 * Uploads `files` as a new video through /new-video and waits (by watching the page, up to 2
 * minutes) until processing is done and the page has moved on to /videos. Resolves with the
 * video's url identifier.
 */
export async function uploadVideo(page: Page, title: string, files: string[]): Promise<string> {
  await page.goto('/new-video');
  const form = page.getByRole('form', { name: 'Upload a video' });
  await form.getByLabel('Name').fill(title);
  await form.locator('input[type="file"]').setInputFiles(files);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/uploads') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Upload' }).click();
  const answer = await created;
  expect(answer.status()).toBe(200);
  const { race } = (await answer.json()) as { race: { url: string } };
  await expect(page.getByTestId('upload-ready')).toBeVisible({ timeout: 120_000 });
  await expectPath(page, '/videos');
  return race.url;
}

/**
 * A new verified rider, signed in on the web (not desktop mode), past the terms agreement;
 * `dataDir` for a spec's own server (see verifyEmail).
 */
export async function signInWebRider(
  page: Page,
  dataDir?: string,
): Promise<{ rider: Rider; session: Session }> {
  const rider = newRider();
  await signUp(page, rider);
  await verifyEmail(page, rider.email, dataDir);
  const session = await signIn(page, rider.email, rider.password);
  await expectPath(page, '/agreement');
  await page.getByRole('button', { name: 'Join Our Community' }).click();
  await page.getByRole('button', { name: 'I Agree' }).click();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  return { rider, session };
}

/** A video title unique to this run, with a word the search can find it by. */
export function uniqueTitle(prefix: string): { title: string; word: string } {
  const word = `ride${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { title: `${prefix} ${word}`, word };
}

/** The /videos gallery's cards with the given title. */
export function workoutCards(page: Page, title: string) {
  return page.getByTestId('workout-card').filter({ has: page.getByText(title, { exact: true }) });
}

/** Types a search on /videos and waits for the list to answer it. */
export async function searchVideos(page: Page, term: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/api/v1/races?') &&
      new URL(r.url()).searchParams.get('term') === term.trim(),
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill(term);
  await answered;
}

/**
 * Remembers, from now until the page navigates, whether `text` ever shows on the page, however
 * briefly (a MutationObserver over the body). Resolves with the question to ask later.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((wanted) => {
    const w = window as Window & { __sawText?: Record<string, boolean> };
    const seen = (w.__sawText ??= {});
    seen[wanted] = document.body.innerText.includes(wanted);
    new MutationObserver(() => {
      if (document.body.innerText.includes(wanted)) seen[wanted] = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return () =>
    page.evaluate(
      (wanted) =>
        (window as Window & { __sawText?: Record<string, boolean> }).__sawText?.[wanted] === true,
      text,
    );
}
