import { describe, expect, it } from 'vitest';
import { CHALLENGE, MILES_PER_METRE, type ChallengeType } from '@ridealong/contracts';
import {
  inWindow,
  oneAtATime,
  progressOf,
  rodeThrough,
  spanOf,
  type ChallengeRule,
  type RideFact,
} from './progress.js';

const startsAt = new Date('2026-11-01T00:00:00.000Z');
const endsAt = new Date('2026-12-01T00:00:00.000Z');

const rule = (
  type: ChallengeType,
  goal: number | null,
  videoSubset: string[] = [],
): ChallengeRule => ({
  type,
  startsAt,
  endsAt,
  goal,
  videoSubset,
});

let day = 0;
/** A ride on a day of its own (rides on the same day would overlap), unless told otherwise. */
const ride = (over: Partial<RideFact> = {}): RideFact => ({
  startedAt: new Date(Date.UTC(2026, 10, 2 + (day++ % 27), 8)),
  raceUrl: 'coast',
  distance: 10_000,
  duration: 1200,
  accumulatedPower: 1200 * 200,
  lastElapsedTime: 1199,
  videoDuration: 1200,
  ...over,
});

describe('challenge window', () => {
  it('counts from the first millisecond of the start to before the end', () => {
    expect(inWindow({ startsAt, endsAt }, startsAt)).toBe(true);
    expect(inWindow({ startsAt, endsAt }, new Date(startsAt.getTime() - 1000))).toBe(false);
    expect(inWindow({ startsAt, endsAt }, new Date(endsAt.getTime() - 1))).toBe(true);
    expect(inWindow({ startsAt, endsAt }, endsAt)).toBe(false);
  });

  it('leaves out a ride the second before the start and one after the end', () => {
    const before = ride({ startedAt: new Date(startsAt.getTime() - 1000) });
    const after = ride({ startedAt: new Date(endsAt.getTime() + 1000) });
    const atStart = ride({ startedAt: startsAt });
    const p = progressOf(rule('RIDE_BASED', 5), [before, after, atStart], []);
    expect(p.currentTotal).toBe(1);
  });

  it('spans the union of several windows', () => {
    const later = {
      startsAt: new Date('2026-11-15T00:00:00Z'),
      endsAt: new Date('2027-01-01T00:00:00Z'),
    };
    expect(spanOf([{ startsAt, endsAt }, later])).toEqual({ from: startsAt, to: later.endsAt });
    expect(spanOf([])).toBeNull();
  });
});

describe('progress per type', () => {
  it('distance: miles of the rides, to 2 decimals', () => {
    const p = progressOf(rule('DISTANCE_BASED', 100), [ride(), ride({ distance: 5000 })], []);
    expect(p.currentTotal).toBe(Math.round(15_000 * MILES_PER_METRE * 100) / 100);
    expect(p.completionPercent).toBeCloseTo(p.currentTotal / 100, 10);
    expect(p.complete).toBe(false);
  });

  it('time: minutes ridden', () => {
    const p = progressOf(
      rule('TIME_BASED', 60),
      [ride({ duration: 1800 }), ride({ duration: 900 })],
      [],
    );
    expect(p.currentTotal).toBe(45);
    expect(p.completionPercent).toBe(0.75);
  });

  it('ride: only rides of at least a minute count', () => {
    const rides = [ride({ duration: 59 }), ride({ duration: CHALLENGE.rideMinSeconds }), ride()];
    const p = progressOf(rule('RIDE_BASED', 4), rides, []);
    expect(p.currentTotal).toBe(2);
    expect(p.completionPercent).toBe(0.5);
  });

  it('upload: ready videos uploaded inside the dates', () => {
    const uploads = [
      { uploadedAt: new Date('2026-11-02T00:00:00Z') },
      { uploadedAt: new Date('2026-10-31T23:59:59Z') },
      { uploadedAt: new Date('2026-11-30T23:59:59Z') },
    ];
    const p = progressOf(rule('UPLOAD_BASED', 2), [], uploads);
    expect(p.currentTotal).toBe(2);
    expect(p.complete).toBe(true);
  });

  it('power: the best ride of at least 10 minutes against the goal', () => {
    const rides = [
      ride({ duration: 600, accumulatedPower: 600 * 150 }),
      ride({ duration: 1800, accumulatedPower: 1800 * 180 }),
    ];
    const p = progressOf(rule('POWER_BASED', 200), rides, []);
    expect(p.currentTotal).toBe(180);
    expect(p.averagePower).toBeCloseTo((600 * 150 + 1800 * 180) / 2400, 2);
    expect(p.completionPercent).toBeCloseTo(180 / 200, 10);
    expect(p.complete).toBe(false);
  });

  it('power: a short sprint above the goal does not complete it', () => {
    const sprint = ride({ duration: 60, accumulatedPower: 60 * 400 });
    const p = progressOf(rule('POWER_BASED', 200), [sprint], []);
    expect(p.currentTotal).toBe(400);
    expect(p.completionPercent).toBeCloseTo(60 / CHALLENGE.powerMinSeconds, 10);
    expect(p.complete).toBe(false);
    const long = ride({
      duration: CHALLENGE.powerMinSeconds,
      accumulatedPower: CHALLENGE.powerMinSeconds * 200,
    });
    expect(progressOf(rule('POWER_BASED', 200), [long], []).complete).toBe(true);
  });

  it('power: riding more slowly afterwards never takes a completed challenge away', () => {
    const strong = ride({ duration: 700, accumulatedPower: 700 * 250 });
    const slow = ride({ duration: 1200, accumulatedPower: 1200 * 150 });
    const p = progressOf(rule('POWER_BASED', 200), [strong, slow], []);
    expect(p.complete).toBe(true);
    expect(p.currentTotal).toBe(250);
  });

  it('race: the subset videos ridden through, in the subset order, each once', () => {
    const subset = ['a', 'b', 'c'];
    const rides = [
      ride({ raceUrl: 'c' }),
      ride({ raceUrl: 'a' }),
      ride({ raceUrl: 'a' }),
      ride({ raceUrl: 'elsewhere' }),
      ride({ raceUrl: 'b', lastElapsedTime: 500 }), // stopped early
    ];
    const p = progressOf(rule('RACE_BASED', null, subset), rides, []);
    expect(p.videosWatched).toEqual(['a', 'c']);
    expect(p.currentTotal).toBe(2);
    expect(p.completionPercent).toBeCloseTo(2 / 3, 10);
    expect(p.complete).toBe(false);
    const all = progressOf(
      rule('RACE_BASED', null, subset),
      [...rides, ride({ raceUrl: 'b' })],
      [],
    );
    expect(all.complete).toBe(true);
    expect(all.completionPercent).toBe(1);
  });

  it('race: it takes reaching the last tenth of the video and riding that much of it', () => {
    expect(rodeThrough(ride({ videoDuration: 1000, lastElapsedTime: 899, duration: 900 }))).toBe(
      true,
    );
    expect(rodeThrough(ride({ videoDuration: 1000, lastElapsedTime: 898, duration: 900 }))).toBe(
      false,
    );
    // Jumped to the end and rode two seconds.
    expect(rodeThrough(ride({ videoDuration: 1000, lastElapsedTime: 999, duration: 2 }))).toBe(
      false,
    );
    // A video deleted since: its length is unknown, so the ride cannot show it rode it through.
    expect(rodeThrough(ride({ videoDuration: null, duration: 6000 }))).toBe(false);
    expect(rodeThrough(ride({ videoDuration: 0, duration: 6000 }))).toBe(false);
  });
});

describe('rides at the same time', () => {
  it('count once: six rides recorded side by side are one ride', () => {
    const at = new Date('2026-11-20T08:00:00.000Z');
    const side = Array.from({ length: 6 }, (_, i) =>
      ride({ startedAt: new Date(at.getTime() + i * 1000), duration: 61, distance: 500 }),
    );
    expect(oneAtATime(side)).toHaveLength(1);
    expect(progressOf(rule('RIDE_BASED', 6), side, []).currentTotal).toBe(1);
    expect(progressOf(rule('TIME_BASED', 6), side, []).currentTotal).toBeCloseTo(61 / 60, 2);
  });

  it('keeps back-to-back rides, and the earliest of overlapping ones', () => {
    const at = Date.parse('2026-11-20T08:00:00.000Z');
    const first = ride({ startedAt: new Date(at), duration: 600 });
    const next = ride({ startedAt: new Date(at + 600_000), duration: 600 });
    const inside = ride({ startedAt: new Date(at + 300_000), duration: 60 });
    expect(oneAtATime([next, inside, first])).toEqual([first, next]);
  });
});

describe('completion thresholds', () => {
  it('is 0 without rides, caps at 1 and completes exactly at the goal', () => {
    expect(progressOf(rule('TIME_BASED', 60), [], [])).toEqual({
      currentTotal: 0,
      averagePower: 0,
      videosWatched: [],
      completionPercent: 0,
      complete: false,
    });
    const exact = progressOf(rule('TIME_BASED', 20), [ride({ duration: 1200 })], []);
    expect(exact.completionPercent).toBe(1);
    expect(exact.complete).toBe(true);
    const over = progressOf(rule('TIME_BASED', 10), [ride({ duration: 1200 })], []);
    expect(over.completionPercent).toBe(1);
    const under = progressOf(rule('TIME_BASED', 20), [ride({ duration: 1199 })], []);
    expect(under.complete).toBe(false);
  });

  it('is the same whatever order the rides come in (recomputed, never added)', () => {
    const rides = [ride({ duration: 300 }), ride({ duration: 700, raceUrl: 'b' }), ride()];
    const a = progressOf(rule('TIME_BASED', 60), rides, []);
    const b = progressOf(rule('TIME_BASED', 60), [...rides].reverse(), []);
    expect(a).toEqual(b);
  });
});
