import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

const SECONDS = 12;

/** ffmpeg arguments: one run writing CMAF segments with both a DASH manifest and an HLS master. */
export function promoVideoArgs(outDir: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `gradients=s=1280x720:r=30:speed=0.015:n=3:d=${SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=brown:amplitude=0.05:d=${SECONDS}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'main',
    '-g',
    '60',
    '-keyint_min',
    '60',
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '2',
    '-f',
    'dash',
    '-seg_duration',
    '2',
    '-use_template',
    '1',
    '-use_timeline',
    '0',
    '-hls_playlist',
    '1',
    '-hls_master_name',
    'master.m3u8',
    '-adaptation_sets',
    'id=0,streams=v id=1,streams=a',
    path.join(outDir, 'manifest.mpd'),
  ];
}

export type PromoVideo = { hls: string; dash: string };

/**
 * The promotional video of the home page, made once from ffmpeg's generated sources so a fresh
 * install has a real HLS + DASH stream to play. Returns null when ffmpeg is missing or fails.
 */
export async function ensurePromoVideo(
  mediaDir: string,
  ffmpegPath: string,
  log: { warn: (msg: string) => void },
): Promise<PromoVideo | null> {
  const dir = path.join(mediaDir, 'public', 'promo');
  const urls = { hls: '/media/public/promo/master.m3u8', dash: '/media/public/promo/manifest.mpd' };
  if (existsSync(path.join(dir, 'master.m3u8')) && existsSync(path.join(dir, 'manifest.mpd')))
    return urls;
  const tmp = `${dir}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(ffmpegPath, promoVideoArgs(tmp), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (e) => {
      log.warn(
        `promo video not generated: ${ffmpegPath} could not start (${e.message}); install ffmpeg or set FFMPEG_PATH`,
      );
      resolve(false);
    });
    child.on('close', (code) => {
      if (code !== 0)
        log.warn(`promo video not generated: ffmpeg exited ${code}: ${stderr.slice(0, 500)}`);
      resolve(code === 0);
    });
  });
  if (!ok) {
    await rm(tmp, { recursive: true, force: true });
    return null;
  }
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
  return urls;
}
