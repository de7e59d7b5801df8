import { describe, expect, it } from 'vitest';
import { prng } from '../../bench/slope-scenarios.js';
import { estimateNoise, filterFixes, smoothElevation } from './clean-elevation.js';
import { localToLatLon, type TrackSample } from './track.js';

const toLatLon = localToLatLon(46.5, 6.6);
const at = (t: number, over: Partial<TrackSample> = {}): TrackSample => ({
  t,
  ...toLatLon(0, 8 * t),
  eleM: 100,
  speedMps: 8,
  fix: 3,
  dop: 150,
  ...over,
});

describe('filterFixes', () => {
  it('drops readings without a lock or with poor precision', () => {
    const kept = filterFixes([
      at(0),
      at(1, { fix: 0 }),
      at(2, { dop: 900 }),
      at(3),
      at(4, { lat: 0, lon: 0 }),
    ]);
    expect(kept.map((s) => s.t)).toEqual([0, 3]);
  });

  it('keeps a 2D fix for position but not for altitude', () => {
    const [s] = filterFixes([at(0, { fix: 2 })]);
    expect(s?.eleM).toBeNull();
    expect(s?.lat).toBeCloseTo(46.5, 6);
  });

  it('drops a position spike that is impossibly far from both neighbours', () => {
    const jump = { ...toLatLon(5000, 16) };
    const kept = filterFixes([at(0), at(1), at(2, jump), at(3), at(4)]);
    expect(kept.map((s) => s.t)).toEqual([0, 1, 3, 4]);
  });

  it('trusts GPX readings, which carry no fix or DOP', () => {
    expect(filterFixes([at(0, { fix: null, dop: null })])).toHaveLength(1);
  });
});

describe('estimateNoise', () => {
  it('recovers the sigma of white noise on a sloped road', () => {
    const rand = prng(7);
    const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    const obs = Array.from({ length: 2000 }, (_, i) => ({
      d: i * 8,
      z: 0.05 * i * 8 + 2 * gauss(),
    }));
    expect(estimateNoise(obs)).toBeGreaterThan(1.8);
    expect(estimateNoise(obs)).toBeLessThan(2.2);
  });
});

describe('smoothElevation', () => {
  it('shrugs off a multipath spike', () => {
    const road = (spike: number) => {
      const rand = prng(3);
      return Array.from({ length: 100 }, (_, i) => ({
        d: i * 8,
        z: 0.04 * i * 8 + 0.3 * (rand() - 0.5) + (i === 50 ? spike : 0),
      }));
    };
    const [fit] = smoothElevation(road(40), [400], 0.1);
    const [clean] = smoothElevation(road(0), [400], 0.1);
    // The spike changes nothing: the same as without it, and the road's 4 %.
    expect(Math.abs((fit?.slope ?? 0) - (clean?.slope ?? 1)) * 100).toBeLessThan(0.02);
    expect((fit?.slope ?? 0) * 100).toBeCloseTo(4, 0);
    expect(fit?.elevationM).toBeCloseTo(16, 0);
  });

  it('keeps the foot of a wall sharp', () => {
    // 400 m flat, then 10 %: one second either side of the foot reads the road, not a ramp.
    const obs = Array.from({ length: 101 }, (_, i) => ({
      d: i * 8,
      z: 100 + Math.max(0, i * 8 - 400) * 0.1,
    }));
    const [before, after] = smoothElevation(obs, [376, 424], 0.3);
    expect((before?.slope ?? 1) * 100).toBeLessThan(1);
    expect((after?.slope ?? 0) * 100).toBeGreaterThan(9);
  });
});
