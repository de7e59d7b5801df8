import { describe, expect, it } from 'vitest';
import { fillGaps, median, resampleChannel } from './resample.js';

describe('resampleChannel', () => {
  it('interpolates 1 Hz readings taken at a fractional offset', () => {
    const pts = [0.3, 1.3, 2.3, 3.3].map((t) => ({ t, v: 10 * t }));
    const out = resampleChannel(pts, 4, { halfWindowS: 1 });
    // Before the first reading (0.3 s) with only it in reach: unknown, not a guess.
    expect(out.map((v) => v && Math.round(v * 1000) / 1000)).toEqual([null, 10, 20, 30]);
    // A wider window reaches two readings and may extrapolate the 0.3 s.
    expect(resampleChannel(pts, 1, { halfWindowS: 2 })[0]).toBeCloseTo(0, 9);
  });

  it('averages dense readings around each second', () => {
    const pts = Array.from({ length: 18 * 4 }, (_, i) => ({ t: i / 18, v: i % 2 === 0 ? 1 : -1 }));
    const out = resampleChannel(pts, 3, { halfWindowS: 0.5 });
    for (const v of out.slice(1)) expect(Math.abs(v ?? 9)).toBeLessThan(0.2);
  });

  it('bridges holes up to the limit and leaves longer ones empty', () => {
    const pts = [
      { t: 0, v: 0 },
      { t: 8, v: 8 },
      { t: 30, v: 30 },
    ];
    const out = resampleChannel(pts, 31, { halfWindowS: 1, maxGapS: 10 });
    expect(out[4]).toBeCloseTo(4, 9);
    expect(out[20]).toBeNull();
  });
});

describe('fillGaps and median', () => {
  it('interpolates interior holes and holds the ends', () => {
    expect(fillGaps([null, 1, null, 3, null])).toEqual([1, 1, 2, 3, 3]);
    expect(fillGaps([null, null])).toBeNull();
  });

  it('takes the middle value', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
