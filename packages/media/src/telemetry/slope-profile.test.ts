import { describe, expect, it } from 'vitest';
import { prng } from '../../bench/slope-scenarios.js';
import { buildSlopeProfile, NoUsableTelemetryError, profileLength } from './slope-profile.js';
import { localToLatLon, type TrackSample } from './track.js';

const toLatLon = localToLatLon(46.5, 6.6);

/** 1 Hz GPX-like readings of a rider at `speed(t)` on a road of grade `grade(x)` %. */
function ride(
  seconds: number,
  speed: (t: number) => number,
  grade: (x: number) => number,
  noise = { horizontal: 0, vertical: 0 },
  from = 0,
): TrackSample[] {
  const rand = prng(11);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const out: TrackSample[] = [];
  let x = 0;
  let z = 200;
  for (let t = 0; t <= seconds; t += 0.01) {
    if (Math.abs(t - Math.round(t)) < 0.005 && t >= from - 0.005) {
      const pos = toLatLon(noise.horizontal * gauss(), x + noise.horizontal * gauss());
      out.push({
        t: Math.round(t),
        ...pos,
        eleM: z + noise.vertical * gauss(),
        speedMps: null,
        fix: null,
        dop: null,
      });
    }
    const dx = speed(t) * 0.01;
    z += (grade(x) / 100) * dx;
    x += dx;
  }
  return out;
}

describe('profile length', () => {
  it('has one point per started second of video', () => {
    expect(profileLength(10.5105)).toBe(11);
    expect(profileLength(10)).toBe(10);
    expect(profileLength(0.3)).toBe(1);
  });

  it('pads before the first reading and truncates telemetry longer than the video', () => {
    const track = ride(
      100,
      () => 8,
      () => 4,
      undefined,
      5,
    );
    const points = buildSlopeProfile(track, { durationS: 20 });
    expect(points).toHaveLength(20);
    expect(points.map((p) => p.t)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const p of points.slice(0, 5)) expect(p).toMatchObject({ distanceM: 0, speedMps: 0 });
    for (const p of points) expect(p.slopePercent).toBeCloseTo(4, 1);
    expect(points[19]?.distanceM).toBeCloseTo(8 * 14, 0);
  });
});

describe('buildSlopeProfile', () => {
  it('reproduces a steady grade exactly from clean readings', () => {
    const points = buildSlopeProfile(
      ride(
        60,
        () => 7,
        () => 5,
      ),
      { durationS: 60 },
    );
    for (const p of points) expect(p.slopePercent).toBeCloseTo(5, 1);
    expect(points[59]?.distanceM).toBeCloseTo(7 * 59, 0);
    expect(points[30]?.speedMps).toBeCloseTo(7, 1);
  });

  it('holds distance and grade while the rider is stopped', () => {
    // Ride 40 s, stop 30 s (GPS keeps jittering), ride on: the stop must add no metres. Stops
    // are judged over +-5 s, so the first and last 5 s of the stop are transition.
    const speed = (t: number) => (t < 40 || t >= 70 ? 8 : 0);
    const track = ride(110, speed, () => 6, { horizontal: 1.5, vertical: 0.5 });
    const points = buildSlopeProfile(track, { durationS: 110 });
    const stopped = points.slice(45, 66);
    const d0 = stopped[0]?.distanceM ?? NaN;
    for (const p of stopped) {
      expect(p.distanceM).toBe(d0);
      expect(p.speedMps).toBe(0);
      expect(p.slopePercent).toBe(stopped[0]?.slopePercent);
    }
    expect(stopped[0]?.slopePercent).toBeCloseTo(6, 0);
    expect(points[109]?.distanceM).toBeCloseTo(8 * 80, -1);
  });

  it('clamps impossible grades', () => {
    const points = buildSlopeProfile(
      ride(
        30,
        () => 5,
        () => 40,
      ),
      { durationS: 30 },
    );
    for (const p of points) expect(p.slopePercent).toBe(25);
    expect(
      buildSlopeProfile(
        ride(
          30,
          () => 5,
          () => 40,
        ),
        { durationS: 30, maxSlopePercent: 30 },
      )[10]?.slopePercent,
    ).toBe(30);
  });

  it('ignores an altitude spike', () => {
    const track = ride(
      80,
      () => 8,
      () => 3,
      { horizontal: 0, vertical: 0.3 },
    );
    const spiked = track.map((s) => (s.t === 40 ? { ...s, eleM: (s.eleM ?? 0) + 60 } : s));
    for (const p of buildSlopeProfile(spiked, { durationS: 80 }))
      expect(p.slopePercent).toBeCloseTo(3, 0);
  });

  it('refuses telemetry it cannot use', () => {
    const track = ride(
      20,
      () => 8,
      () => 0,
    );
    expect(() =>
      buildSlopeProfile(
        track.map((s) => ({ ...s, fix: 0 })),
        { durationS: 20 },
      ),
    ).toThrow(NoUsableTelemetryError);
    expect(() =>
      buildSlopeProfile(
        track.map((s) => ({ ...s, fix: 2 })),
        { durationS: 20 },
      ),
    ).toThrow(/altitude/);
  });
});
