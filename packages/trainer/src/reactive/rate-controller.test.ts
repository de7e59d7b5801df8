import { describe, expect, it } from 'vitest';
import {
  CATCH_UP_S,
  MAX_PLAYBACK_RATE,
  MIN_PLAYBACK_RATE,
  RateController,
  type RateDecision,
  type RateInput,
  SEEK_COOLDOWN_MS,
  SEEK_GAP_S,
  STALLED_MAX_RATE,
} from './rate-controller.js';
import { RouteTimeline } from './route-timeline.js';

/** Filmed at 10 m/s for 10 minutes, with the filmer standing still over seconds 100-120. */
function route() {
  const distance: number[] = [];
  for (let s = 0; s < 600; s++) distance.push(10 * (s < 100 ? s : s < 120 ? 100 : s - 20));
  return new RouteTimeline({ distance, slope: new Array<number>(600).fill(0) });
}

const base: RateInput = {
  riderDistance: 500,
  riderSpeed: 10,
  videoTime: 50,
  stalled: false,
  now: 0,
};

function rate(d: RateDecision): number {
  if (d.kind !== 'rate') throw new Error(`expected a rate, got ${d.kind}`);
  return d.rate;
}

describe('RateController', () => {
  it('plays at rider speed / filmed speed when the video is where the rider is', () => {
    const c = new RateController(route());
    expect(rate(c.decide(base))).toBeCloseTo(1, 12);
    expect(rate(c.decide({ ...base, riderSpeed: 5, now: 250 }))).toBeCloseTo(0.5, 12);
    expect(rate(c.decide({ ...base, riderSpeed: 15, now: 500 }))).toBeCloseTo(1.5, 12);
    expect(c.gap).toBe(0);
  });

  it('closes a gap with base + gap / CATCH_UP_S, faster when behind and slower when ahead', () => {
    const c = new RateController(route());
    expect(rate(c.decide({ ...base, videoTime: 48.5 }))).toBeCloseTo(1 + 1.5 / CATCH_UP_S, 12);
    expect(c.gap).toBeCloseTo(1.5, 12);
    const d = new RateController(route());
    expect(rate(d.decide({ ...base, videoTime: 50.75 }))).toBeCloseTo(1 - 0.75 / CATCH_UP_S, 12);
  });

  it('catches up a 3 s gap within about 3 s when the player follows its rate', () => {
    const c = new RateController(route());
    let video = 47;
    let rider = 500;
    for (let now = 0; now <= 3000; now += 250) {
      const r = rate(c.decide({ ...base, riderDistance: rider, videoTime: video, now }));
      video += r * 0.25;
      rider += 10 * 0.25;
    }
    expect(Math.abs(c.gap)).toBeLessThan(0.5);
  });

  it('clamps into [0.0625, 16] while the rider moves', () => {
    const fast = new RateController(route());
    expect(rate(fast.decide({ ...base, riderSpeed: 400 }))).toBe(MAX_PLAYBACK_RATE);
    const slow = new RateController(route());
    expect(rate(slow.decide({ ...base, riderSpeed: 0.2 }))).toBe(MIN_PLAYBACK_RATE);
    // Video 5 s ahead of a moving rider: creeps at the minimum rather than stopping.
    const ahead = new RateController(route());
    expect(rate(ahead.decide({ ...base, videoTime: 55 }))).toBe(MIN_PLAYBACK_RATE);
  });

  it('pauses only when the rider has stopped and the video is with them (or ahead)', () => {
    const c = new RateController(route());
    expect(c.decide({ ...base, riderSpeed: 0 }).kind).toBe('pause');
    expect(c.decide({ ...base, riderSpeed: 0, videoTime: 52, now: 250 }).kind).toBe('pause');
    // Stopped but the video 1 s behind: it finishes the way at the gap's pace, then pauses.
    const behind = new RateController(route());
    expect(rate(behind.decide({ ...base, riderSpeed: 0, videoTime: 49 }))).toBeCloseTo(
      1 / CATCH_UP_S,
      12,
    );
    expect(rate(behind.decide({ ...base, riderSpeed: 0, videoTime: 49.93, now: 250 }))).toBe(
      MIN_PLAYBACK_RATE,
    );
    expect(behind.decide({ ...base, riderSpeed: 0, videoTime: 49.96, now: 500 }).kind).toBe(
      'pause',
    );
  });

  it('seeks beyond a gap of SEEK_GAP_S, and not again within the cooldown', () => {
    const c = new RateController(route());
    const far = { ...base, videoTime: 50 - SEEK_GAP_S - 1 };
    expect(c.decide(far)).toEqual({ kind: 'seek', to: 50 });
    // The seek has not landed yet: no second seek, and no chase at the huge gap either.
    expect(rate(c.decide({ ...far, now: 250 }))).toBeCloseTo(1, 12);
    expect(rate(c.decide({ ...far, now: SEEK_COOLDOWN_MS - 1 }))).toBeCloseTo(1, 12);
    expect(c.decide({ ...far, now: SEEK_COOLDOWN_MS }).kind).toBe('seek');
    // Backwards too: the video far ahead of the rider.
    const ahead = new RateController(route());
    expect(ahead.decide({ ...base, videoTime: 50 + SEEK_GAP_S + 0.5 })).toEqual({
      kind: 'seek',
      to: 50,
    });
  });

  it('does not seek into a stalled player, and seeks once it plays again', () => {
    const c = new RateController(route());
    const far = { ...base, videoTime: 50 - SEEK_GAP_S - 1 };
    expect(rate(c.decide({ ...far, stalled: true }))).toBe(STALLED_MAX_RATE);
    expect(c.decide({ ...far, now: 250 })).toEqual({ kind: 'seek', to: 50 });
  });

  it('looks ahead over the coming update: the base averages the filmed speeds it will cross', () => {
    // Filmed 10 m/s, then 1 s at 2 m/s, then 10 m/s again: a jittery second.
    const distance = [0, 10, 20, 22, 32, 42, 52];
    const c = new RateController(
      new RouteTimeline({ distance, slope: new Array<number>(7).fill(0) }),
    );
    // Rider at 19 m doing 10 m/s: over the next 0.25 s (2.5 m) the target crosses 1 m of the
    // 10 m/s second (0.1 s) and 1.5 m of the 2 m/s one (0.75 s): 0.85 s of video in 0.25 s.
    expect(rate(c.decide({ ...base, riderDistance: 19, videoTime: 1.9 }))).toBeCloseTo(
      0.85 / 0.25,
      9,
    );
  });

  it('chases rather than seeks at a gap just under SEEK_GAP_S', () => {
    const c = new RateController(route());
    expect(c.decide({ ...base, videoTime: 50 - SEEK_GAP_S + 0.1 }).kind).toBe('rate');
  });

  it('does not divide by zero where the filmer stood still', () => {
    const c = new RateController(route());
    // The rider exactly at the stop's distance (1000 m): target second 100, filmed speed 0.
    const r = rate(c.decide({ ...base, riderDistance: 1000, videoTime: 100 }));
    expect(Number.isFinite(r)).toBe(true);
    expect(r).toBe(MAX_PLAYBACK_RATE);
    // Just past the stop the target is past its end: a 20 s gap, so a seek over it.
    const d = c.decide({ ...base, riderDistance: 1001, videoTime: 100.2, now: 250 });
    expect(d.kind).toBe('seek');
    if (d.kind === 'seek') expect(d.to).toBeCloseTo(120.1, 9);
  });

  it('drops the top rate to 2x while stalled and doubles it per second of keeping up', () => {
    const c = new RateController(route());
    let video = 45;
    const at = (now: number, stalled: boolean) =>
      rate(c.decide({ ...base, riderDistance: 500 + now / 100, videoTime: video, stalled, now }));
    expect(at(0, true)).toBe(STALLED_MAX_RATE);
    expect(c.maxRate).toBe(STALLED_MAX_RATE);
    expect(at(250, true)).toBe(STALLED_MAX_RATE);
    // Playing again, and keeping up with what it is asked.
    const tops: number[] = [];
    for (let now = 500; now <= 4000; now += 250) {
      video += at(now, false) * 0.25;
      tops.push(c.maxRate);
    }
    expect(tops[0]).toBe(2);
    expect(tops).toContain(4);
    expect(tops).toContain(8);
    expect(tops.at(-1)).toBe(MAX_PLAYBACK_RATE);
    expect(tops.indexOf(MAX_PLAYBACK_RATE)).toBeLessThanOrEqual(13);
  });

  it('treats a playing video that falls well short of its rate as stalled', () => {
    const c = new RateController(route());
    expect(rate(c.decide({ ...base, videoTime: 44 }))).toBeCloseTo(1 + 6 / CATCH_UP_S, 12);
    // 250 ms later it advanced 0.1 s instead of 1.25 s: the top rate drops.
    c.decide({ ...base, videoTime: 44.1, now: 250 });
    expect(c.maxRate).toBe(STALLED_MAX_RATE);
  });

  it('keeps a handful of numbers: repeated decisions are stable', () => {
    const c = new RateController(route());
    for (let i = 0; i < 1000; i++) c.decide({ ...base, now: i * 250, videoTime: 50 });
    expect(rate(c.decide({ ...base, now: 250_000 }))).toBeCloseTo(1, 12);
  });
});
