import { describe, expect, it } from 'vitest';
import { gopFrames, nominalBandwidth, outputFrameRate, planRenditions } from './ladder.js';

describe('rendition ladder', () => {
  it('gives HD 1080p and SD 540p from 1080p and above, never upscaling', () => {
    expect(
      planRenditions({ width: 1920, height: 1080 }).map((r) => [r.name, r.width, r.height]),
    ).toEqual([
      ['hd', 1920, 1080],
      ['sd', 960, 540],
    ]);
    expect(planRenditions({ width: 3840, height: 2160 }).map((r) => r.height)).toEqual([1080, 540]);
  });

  it('skips HD for sources below 1080p', () => {
    expect(
      planRenditions({ width: 1280, height: 720 }).map((r) => [r.name, r.width, r.height]),
    ).toEqual([['sd', 960, 540]]);
  });

  it('keeps a source below 540p at its own size, as the single rendition', () => {
    const [only, ...rest] = planRenditions({ width: 848, height: 480 });
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ name: 'sd', width: 848, height: 480 });
    expect(only?.maxrateKbps).toBeLessThan(2000);
  });

  it('sizes portrait footage on its short side, with even dimensions', () => {
    expect(planRenditions({ width: 1080, height: 1920 }).map((r) => [r.width, r.height])).toEqual([
      [1080, 1920],
      [540, 960],
    ]);
    const odd = planRenditions({ width: 1441, height: 1080 });
    for (const r of odd) expect([r.width % 2, r.height % 2]).toEqual([0, 0]);
  });

  it('declares bandwidth as video peak plus audio', () => {
    const [hd] = planRenditions({ width: 1920, height: 1080 });
    expect(hd && nominalBandwidth(hd, true)).toBe(6_128_000);
    expect(hd && nominalBandwidth(hd, false)).toBe(6_000_000);
  });
});

describe('frame rate and GOP', () => {
  it('keeps rates up to 30 and divides faster ones by a whole factor', () => {
    expect(outputFrameRate('30000/1001')).toEqual({ value: 30000 / 1001, rational: '30000/1001' });
    expect(outputFrameRate('24/1').rational).toBe('24/1');
    expect(outputFrameRate('60000/1001').rational).toBe('60000/2002');
    expect(outputFrameRate('50/1').value).toBe(25);
    expect(outputFrameRate('120/1').value).toBe(30);
    expect(outputFrameRate('240/1').value).toBe(30);
    expect(outputFrameRate('0/0')).toEqual({ value: 30, rational: '30/1' });
  });

  it('fixes the GOP to one 4 s segment', () => {
    expect(gopFrames(30)).toBe(120);
    expect(gopFrames(30000 / 1001)).toBe(120);
    expect(gopFrames(25)).toBe(100);
  });
});
