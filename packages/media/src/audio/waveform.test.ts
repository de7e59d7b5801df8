import { describe, expect, it } from 'vitest';
import {
  pcmDecodeArgs,
  waveformBuilder,
  waveformPeaks,
  WAVEFORM_SAMPLES_PER_PIXEL,
} from './waveform.js';

/** `n` samples of a sine of `amplitude` (0..1 of 16-bit full scale), `period` samples long. */
const sine = (n: number, amplitude: number, period: number) =>
  Int16Array.from({ length: n }, (_, i) =>
    Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * i) / period)),
  );

describe('waveformPeaks', () => {
  it('gives audiowaveform version 2 JSON: 8 bits, 128 samples a pixel, a (min, max) pair per pixel', () => {
    const w = waveformPeaks(sine(1280, 0.5, 64), 44100);
    expect(w).toMatchObject({
      version: 2,
      channels: 1,
      sample_rate: 44100,
      samples_per_pixel: WAVEFORM_SAMPLES_PER_PIXEL,
      bits: 8,
      length: 10,
    });
    expect(w.data).toHaveLength(20);
  });

  it('normalises to the maximum peak: a half-scale sine draws full height', () => {
    const w = waveformPeaks(sine(1280, 0.5, 64), 44100);
    // Each pixel holds two whole periods: its min and max are the sine's.
    for (let p = 0; p < w.length; p++) {
      expect(w.data[2 * p]).toBe(-127);
      expect(w.data[2 * p + 1]).toBe(127);
    }
  });

  it('keeps the shape: a louder second half, the first half at its share of the peak', () => {
    const quiet = sine(640, 0.25, 64);
    const loud = sine(640, 0.5, 64);
    const w = waveformPeaks(Int16Array.from([...quiet, ...loud]), 8000);
    expect(w.data.slice(0, 2)).toEqual([-64, 64]);
    expect(w.data.slice(-2)).toEqual([-127, 127]);
  });

  it('counts a last, partial pixel', () => {
    const w = waveformPeaks(new Int16Array(129).fill(1000), 8000);
    expect(w.length).toBe(2);
    expect(w.data).toEqual([127, 127, 127, 127]);
  });

  it('draws silence and nothing as zeros', () => {
    expect(waveformPeaks(new Int16Array(300), 8000).data).toEqual([0, 0, 0, 0, 0, 0]);
    expect(waveformPeaks(new Int16Array(0), 8000)).toMatchObject({ length: 0, data: [] });
  });

  it('stays within 8 bits for full-scale samples', () => {
    const w = waveformPeaks(Int16Array.from([-32768, 32767, -32768, 32767]), 8000, 2);
    for (const v of w.data) {
      expect(v).toBeGreaterThanOrEqual(-128);
      expect(v).toBeLessThanOrEqual(127);
    }
    expect(w.data).toEqual([-127, 127, -127, 127]);
  });

  it('refuses rates and pixel sizes that are not positive integers', () => {
    expect(() => waveformPeaks(new Int16Array(4), 0)).toThrow(RangeError);
    expect(() => waveformPeaks(new Int16Array(4), 8000, 1.5)).toThrow(RangeError);
  });
});

describe('waveformBuilder', () => {
  it('gives the same waveform however the samples are cut into chunks', () => {
    const all = sine(5000, 0.7, 90);
    const whole = waveformPeaks(all, 44100);
    const builder = waveformBuilder(44100);
    for (const [from, to] of [
      [0, 1],
      [1, 200],
      [200, 256],
      [256, 4999],
      [4999, 5000],
    ] as const) {
      builder.push(all.subarray(from, to));
    }
    expect(builder.finish()).toEqual(whole);
  });

  it('finishes in slices to the same waveform, awaiting between slices', async () => {
    for (const n of [0, 128 * 7 + 3, 128 * 100]) {
      const samples = sine(n, 0.4, 50);
      const builder = waveformBuilder(8000);
      builder.push(samples);
      let turns = 0;
      const sliced = await builder.finishInSlices(async () => void turns++, 16);
      expect(sliced).toEqual(waveformPeaks(samples, 8000));
      expect(turns).toBe(Math.ceil(sliced.length / 16));
    }
  });
});

describe('pcmDecodeArgs', () => {
  it('decodes to mono 16-bit little-endian PCM on stdout at the given rate', () => {
    const args = pcmDecodeArgs('/tmp/voice.webm', 44100);
    expect(args.slice(-10)).toEqual([
      '-vn',
      '-ac',
      '1',
      '-ar',
      '44100',
      '-f',
      's16le',
      '-acodec',
      'pcm_s16le',
      'pipe:1',
    ]);
    expect(args.slice(0, 4)).toEqual(['-v', 'error', '-i', '/tmp/voice.webm']);
    expect(args).toContain('/tmp/voice.webm');
    expect(() => pcmDecodeArgs('x', -1)).toThrow(RangeError);
  });
});
