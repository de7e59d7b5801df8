import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMediaRunner } from '../src/index.js';

/** The clone's root. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const GOPRO_FIXTURE = path.resolve(
  repoRoot,
  'packages/media/test/fixtures/gopro-max-heromode.mp4',
);

export const runner = createMediaRunner();

export async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `media-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export type ClipSpec = {
  width: number;
  height: number;
  rate: number;
  seconds: number;
  /** libx264 (default) or another encoder, to force a re-encoding join. */
  codec?: 'libx264' | 'mpeg4';
  /** Audio sample rate and channels; null for a silent clip. */
  audio?: { rate: number; channels: number } | null;
};

/** A test clip from ffmpeg's generated sources (fast settings: the content does not matter). */
export async function makeClip(dir: string, name: string, spec: ClipSpec): Promise<string> {
  const out = path.join(dir, name);
  const { width, height, rate, seconds } = spec;
  const audio = spec.audio === undefined ? { rate: 48000, channels: 2 } : spec.audio;
  const args = [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${width}x${height}:r=${rate}:d=${seconds}`,
  ];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=f=440:r=${audio.rate}:d=${seconds}`);
  args.push('-pix_fmt', 'yuv420p');
  if ((spec.codec ?? 'libx264') === 'libx264') args.push('-c:v', 'libx264', '-preset', 'ultrafast');
  else args.push('-c:v', 'mpeg4', '-q:v', '6');
  if (audio) args.push('-c:a', 'aac', '-ac', String(audio.channels), '-shortest');
  await runner.ffmpeg([...args, out]);
  return out;
}

/** ffprobe's view of a file (used on the manifests, as a player would read them). */
export async function probeStreams(file: string) {
  const json = JSON.parse(
    await runner.ffprobe([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_streams',
      '-show_format',
      file,
    ]),
  ) as {
    streams: { codec_type: string; width?: number; height?: number }[];
    format: { duration?: string };
  };
  return json;
}
