import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BinaryNotFoundError,
  createMediaRunner,
  isVideoFile,
  joinFiles,
  probe,
  processVideo,
} from '../src/index.js';
import { makeClip, runner, tempDir } from './helpers.js';

let dir = '';
let cleanup = async () => {};
let a = '';
let b = '';
let other = '';

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('files'));
  [a, b, other] = await Promise.all([
    makeClip(dir, 'a.mp4', { width: 320, height: 180, rate: 30, seconds: 2 }),
    makeClip(dir, 'b.mp4', { width: 320, height: 180, rate: 30, seconds: 3 }),
    makeClip(dir, 'other.mp4', { width: 256, height: 144, rate: 25, seconds: 2, codec: 'mpeg4' }),
  ]);
});

afterAll(() => cleanup());

describe('isVideoFile', () => {
  it('decides by probing, not by extension', async () => {
    const text = path.join(dir, 'readme.txt');
    await writeFile(text, 'hello');
    const fakeMp4 = path.join(dir, 'fake.mp4');
    await writeFile(fakeMp4, 'hello');
    const jpeg = path.join(dir, 'still.jpg');
    await runner.ffmpeg([
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x240',
      '-frames:v',
      '1',
      jpeg,
    ]);
    const renamed = path.join(dir, 'video.txt');
    await copyFile(a, renamed);

    expect(await isVideoFile(text)).toBe(false);
    expect(await isVideoFile(fakeMp4)).toBe(false);
    expect(await isVideoFile(jpeg)).toBe(false);
    expect(await isVideoFile(a)).toBe(true);
    expect(await isVideoFile(renamed)).toBe(true);
    expect(await isVideoFile(path.join(dir, 'missing.mp4'))).toBe(false);
  });

  it('still throws when ffprobe itself is missing', async () => {
    const broken = createMediaRunner({ ffprobePath: '/nonexistent/ffprobe' });
    await expect(isVideoFile(a, broken)).rejects.toBeInstanceOf(BinaryNotFoundError);
    await expect(
      processVideo({ inputs: [a], outDir: path.join(dir, 'x'), runner: broken }),
    ).rejects.toThrow(
      'ffprobe was not found at /nonexistent/ffprobe (set FFPROBE_PATH or install ffmpeg)',
    );
  });
});

describe('joinFiles', () => {
  it('stream-copies matching files', async () => {
    const out = path.join(dir, 'joined-copy.mp4');
    const r = await joinFiles({ inputs: [a, b], output: out });
    expect(r.mode).toBe('copy');
    expect((await probe(out)).durationS).toBeCloseTo(5, 1);
  });

  it('re-encodes files that differ', async () => {
    const out = path.join(dir, 'joined-reencode.mp4');
    const r = await joinFiles({ inputs: [a, other], output: out });
    expect(r.mode).toBe('reencode');
    const p = await probe(out);
    expect(p.durationS).toBeCloseTo(4, 0);
    expect(p.video).toMatchObject({ codec: 'h264', width: 320, height: 180 });
  });
});
