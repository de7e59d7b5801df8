import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import {
  joinStage,
  outputFrameRate,
  packageArgs,
  planPoster,
  planRenditions,
  planThumbnails,
} from '@ridealong/media';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const ffmpeg = () => process.env.FFMPEG_PATH || 'ffmpeg';

/** The pipeline's output for a camera-like clip: its folder, frame rate and renditions. */
export type PackagedClip = {
  dir: string;
  fps: number;
  renditions: { name: string; width: number; height: number }[];
};

/**
 * A camera-like clip (1080p at 30 fps, moving test pattern, H.264 + AAC, the way makeRideClip
 * makes its small one) run through the media pipeline's own packaging pass (ladder, frame rate,
 * GOP, x264 settings, DASH + HLS), so the browser plays exactly what an upload becomes.
 */
export async function packagedCameraClip(seconds: number): Promise<PackagedClip> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ridealong-e2e-slow-'));
  const source = path.join(dir, 'camera.mp4');
  await run(ffmpeg(), [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-y', source],
  ]);
  const rate = outputFrameRate('30/1');
  const renditions = planRenditions({ width: 1920, height: 1080 });
  const outDir = path.join(dir, 'out');
  await mkdir(path.join(outDir, 'thumbs'), { recursive: true });
  const args = packageArgs({
    join: joinStage(
      { mode: 'single', segment: { path: source, startS: 0, durationS: seconds, hasAudio: true } },
      path.join(dir, 'list.txt'),
      rate.rational,
    ),
    renditions,
    fps: rate.value,
    outDir,
    thumbnails: planThumbnails(),
    poster: planPoster(seconds, renditions[0]?.height ?? 540),
  });
  await run(ffmpeg(), args, { maxBuffer: 16 * 1024 * 1024 });
  return { dir: outDir, fps: rate.value, renditions };
}

/**
 * An origin of its own for the measuring page (never reached: every request is answered by the
 * route), cross-origin isolated for a 5 µs performance.now, which needs a secure context.
 */
export const MEDIA_ORIGIN = 'http://localhost:4599';

/** Serves the blank page, shaka-player and the packaged files under MEDIA_ORIGIN. */
export async function serveMedia(page: Page, clip: PackagedClip): Promise<void> {
  const isolated = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
    'cross-origin-resource-policy': 'same-origin',
  };
  const types: Record<string, string> = {
    '.mpd': 'application/dash+xml',
    '.m3u8': 'application/vnd.apple.mpegurl',
    '.m4s': 'video/iso.segment',
    '.mp4': 'video/mp4',
    '.js': 'text/javascript',
  };
  const shaka = path.join(root, 'node_modules/shaka-player/dist/shaka-player.compiled.js');
  await page.route(`${MEDIA_ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/') {
      await route.fulfill({
        contentType: 'text/html',
        headers: isolated,
        body: '<!doctype html><html lang="en"><title>slow playback</title><video muted playsinline width="640"></video></html>',
      });
      return;
    }
    const file =
      pathname === '/shaka.js'
        ? shaka
        : path.join(clip.dir, path.normalize(pathname).replace(/^\/+/, ''));
    if (!file.startsWith(clip.dir) && file !== shaka) return route.fulfill({ status: 404 });
    try {
      await route.fulfill({
        body: await readFile(file),
        headers: {
          ...isolated,
          'content-type': types[path.extname(file)] ?? 'application/octet-stream',
        },
      });
    } catch {
      await route.fulfill({ status: 404, headers: isolated });
    }
  });
}

/**
 * packages/trainer's reactive classes and the synthetic route, bundled for the page as the
 * global `Trainer` (the app's own bundle splits them across chunks).
 */
export async function trainerBundle(): Promise<string> {
  const reactive = path.join(root, 'packages/trainer/src/reactive');
  const result = await build({
    stdin: {
      contents: [
        `export { RouteTimeline } from ${JSON.stringify(`${reactive}/route-timeline.ts`)};`,
        `export { VirtualRider } from ${JSON.stringify(`${reactive}/virtual-rider.ts`)};`,
        `export { RateController } from ${JSON.stringify(`${reactive}/rate-controller.ts`)};`,
        `export { syntheticRoute } from ${JSON.stringify(
          path.join(root, 'packages/trainer/src/test-support/synthetic-route.ts'),
        )};`,
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'Trainer',
    target: 'es2022',
    write: false,
  });
  return result.outputFiles[0]?.text ?? '';
}
