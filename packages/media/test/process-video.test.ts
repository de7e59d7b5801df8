import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processVideo } from '../src/index.js';
import { makeClip, probeStreams, tempDir } from './helpers.js';

let dir = '';
let cleanup = async () => {};
const clips = { hd: '', hd720: '', a: '', b: '', silent: '' };

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('process'));
  [clips.hd, clips.hd720, clips.a, clips.b, clips.silent] = await Promise.all([
    makeClip(dir, 'hd.mp4', { width: 1920, height: 1080, rate: 30, seconds: 2 }),
    // A different codec, size, rate and audio layout: cannot be stream-copied onto hd.mp4.
    makeClip(dir, 'hd720.mp4', {
      width: 1280,
      height: 720,
      rate: 25,
      seconds: 2,
      codec: 'mpeg4',
      audio: { rate: 44100, channels: 1 },
    }),
    makeClip(dir, 'a.mp4', { width: 320, height: 180, rate: 30, seconds: 2 }),
    makeClip(dir, 'b.mp4', { width: 320, height: 180, rate: 30, seconds: 2 }),
    makeClip(dir, 'silent.mp4', { width: 256, height: 144, rate: 30, seconds: 2, audio: null }),
  ]);
});

afterAll(() => cleanup());

describe('processVideo', () => {
  it('re-encodes mismatched files into HD and SD with both manifests, in one aligned pass', async () => {
    const outDir = path.join(dir, 'out-hd');
    const progress: number[] = [];
    const r = await processVideo({
      inputs: [clips.hd, clips.hd720],
      outDir,
      onProgress: (p) => progress.push(p),
    });

    expect(r.joinMode).toBe('reencode');
    expect(r.renditions.map((x) => [x.name, x.width, x.height])).toEqual([
      ['hd', 1920, 1080],
      ['sd', 960, 540],
    ]);
    for (const x of r.renditions) expect(x.bandwidth).toBeGreaterThan(0);
    expect(r.durationS).toBeCloseTo(4, 0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // A player's view: ffprobe reads the DASH manifest and the HLS master.
    const dash = await probeStreams(path.join(outDir, r.dashManifest));
    const hls = await probeStreams(path.join(outDir, r.hlsMaster));
    for (const m of [dash, hls]) {
      const heights = m.streams.filter((s) => s.codec_type === 'video').map((s) => s.height);
      expect(new Set(heights)).toEqual(new Set([1080, 540]));
      expect(m.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    }
    // Same segment boundaries in every rendition (keyframes aligned).
    const media = await Promise.all(
      ['media_0.m3u8', 'media_1.m3u8'].map((f) => readFile(path.join(outDir, f), 'utf8')),
    );
    const extinf = media.map((m) => m.match(/#EXTINF:[\d.]+/g));
    expect(extinf[0]).toEqual(extinf[1]);

    expect(r.thumbnails).toEqual(['thumbs/thumb-00001.jpg']);
    expect(existsSync(path.join(outDir, r.poster))).toBe(true);
  });

  it('joins matching files through the concat demuxer; durations add up', async () => {
    const outDir = path.join(dir, 'out-copy');
    const r = await processVideo({ inputs: [clips.a, clips.b], outDir });
    expect(r.joinMode).toBe('copy');
    expect(r.durationS).toBeCloseTo(4, 1);
    // Below 540p: one rendition at the source's own size.
    expect(r.renditions.map((x) => [x.name, x.width, x.height])).toEqual([['sd', 320, 180]]);
    expect(existsSync(path.join(outDir, '.inputs.txt'))).toBe(false);
  });

  it('cuts the start and end offsets and names thumbnails with a zero-padded index', async () => {
    const outDir = path.join(dir, 'out-offsets');
    const r = await processVideo({
      inputs: [clips.a, clips.b],
      outDir,
      startOffsetS: 0.5,
      endOffsetS: 1,
      thumbnailIntervalS: 1,
    });
    expect(r.durationS).toBeCloseTo(2.5, 1);
    expect(r.thumbnails).toEqual([
      'thumbs/thumb-00001.jpg',
      'thumbs/thumb-00002.jpg',
      'thumbs/thumb-00003.jpg',
    ]);
    for (const t of r.thumbnails) expect(existsSync(path.join(outDir, t))).toBe(true);
  });

  it('fills silence for a file without audio when joining it', async () => {
    const outDir = path.join(dir, 'out-silent');
    const r = await processVideo({ inputs: [clips.a, clips.silent], outDir });
    expect(r.joinMode).toBe('reencode');
    expect(r.durationS).toBeCloseTo(4, 0);
    const hls = await probeStreams(path.join(outDir, r.hlsMaster));
    expect(hls.streams.some((s) => s.codec_type === 'audio')).toBe(true);
  });

  it('refuses inputs that are not videos, naming them', async () => {
    const text = path.join(dir, 'notes.mp4');
    await import('node:fs/promises').then((fs) => fs.writeFile(text, 'not a video'));
    await expect(
      processVideo({ inputs: [clips.a, text], outDir: path.join(dir, 'bad') }),
    ).rejects.toThrow(`${text} is not a video file`);
  });
});
