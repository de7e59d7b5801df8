import { describe, expect, it } from 'vitest';
import { BinaryNotFoundError, resolveBinaries } from './binaries.js';
import { createMediaRunner } from './run.js';

describe('resolveBinaries', () => {
  it('prefers the option, then the environment, then the name on PATH', () => {
    expect(resolveBinaries({ env: {} })).toEqual({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    const env = { FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: '/opt/ff/ffprobe' };
    expect(resolveBinaries({ env })).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: '/opt/ff/ffprobe',
    });
    expect(resolveBinaries({ env, ffprobePath: '/x/ffprobe' }).ffprobe).toBe('/x/ffprobe');
  });

  it('ignores empty environment values', () => {
    expect(resolveBinaries({ env: { FFMPEG_PATH: ' ' } }).ffmpeg).toBe('ffmpeg');
  });
});

describe('missing binaries', () => {
  it('names the binary and how to fix it', () => {
    expect(new BinaryNotFoundError('ffprobe', 'ffprobe').message).toBe(
      'ffprobe was not found (set FFPROBE_PATH or install ffmpeg)',
    );
    expect(new BinaryNotFoundError('ffmpeg', '/nope/ffmpeg').message).toBe(
      'ffmpeg was not found at /nope/ffmpeg (set FFMPEG_PATH or install ffmpeg)',
    );
  });

  it('turns a failed spawn into a typed error', async () => {
    const runner = createMediaRunner({
      ffprobePath: '/nonexistent/ffprobe',
      ffmpegPath: '/nonexistent/ffmpeg',
    });
    await expect(runner.ffprobe(['-version'])).rejects.toMatchObject({
      name: 'BinaryNotFoundError',
      binary: 'ffprobe',
      envVar: 'FFPROBE_PATH',
    });
    await expect(runner.ffmpeg(['-version'])).rejects.toBeInstanceOf(BinaryNotFoundError);
  });
});
