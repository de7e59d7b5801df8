import { describe, expect, it } from 'vitest';
import { RouteTimeline } from '@ridealong/trainer';
import { ReactiveDriver, type ReactivePlayer } from './reactiveDriver';

/** A flat route filmed at 10 m/s for `seconds` seconds. */
function flatRoute(seconds = 600, grade = 0): RouteTimeline {
  const distance = Array.from({ length: seconds + 1 }, (_, s) => s * 10);
  return new RouteTimeline({ distance, slope: distance.map(() => grade) });
}

/** A video element stand-in: plays at its rate when advanced, records what it was asked. */
class FakePlayer implements ReactivePlayer {
  currentTime = 0;
  stalled = false;
  rate = 1;
  paused = false;
  calls: string[] = [];
  setRate(rate: number) {
    this.rate = rate;
  }
  seek(to: number) {
    this.calls.push('seek');
    this.currentTime = to;
  }
  pause() {
    this.calls.push('pause');
    this.paused = true;
  }
  play() {
    this.calls.push('play');
    this.paused = false;
  }
  advance(dtS: number) {
    if (!this.paused && !this.stalled) this.currentTime += this.rate * dtS;
  }
}

const SETTINGS = { weightKg: 75, difficulty: 100, downhill: 50 };
const TICK_MS = 250;

/** Rides `seconds` at `watts`, ticking every 250 ms; returns the mean rate asked. */
function ride(driver: ReactiveDriver, player: FakePlayer, watts: number, seconds: number, t0 = 0) {
  let now = t0;
  let rates = 0;
  let n = 0;
  for (let i = 0; i < (seconds * 1000) / TICK_MS; i++) {
    now += TICK_MS;
    player.advance(TICK_MS / 1000);
    const step = driver.tick(watts, now, player);
    if (step.decision?.kind === 'rate') {
      rates += step.decision.rate;
      n++;
    }
  }
  return { now, meanRate: n ? rates / n : 0 };
}

describe('ReactiveDriver', () => {
  it('plays a harder effort faster than an easier one', () => {
    const rates = [120, 300].map((watts) => {
      const driver = new ReactiveDriver(flatRoute(), SETTINGS);
      const player = new FakePlayer();
      driver.restartClock(0);
      ride(driver, player, watts, 30); // up to speed
      return ride(driver, player, watts, 30, 30_000).meanRate;
    });
    expect(rates[1]!).toBeGreaterThan(rates[0]! * 1.2);
  });

  it('keeps the frame shown within 1 s of the rider', () => {
    const timeline = flatRoute(600, 3);
    const driver = new ReactiveDriver(timeline, SETTINGS);
    const player = new FakePlayer();
    driver.restartClock(0);
    let now = ride(driver, player, 250, 20).now;
    for (const watts of [400, 0, 180, 600, 0, 220]) {
      now = ride(driver, player, watts, 20, now).now;
      expect(Math.abs(timeline.timeAt(driver.distance) - player.currentTime)).toBeLessThan(1);
    }
  });

  it('counts ride time only while the clock runs', () => {
    const driver = new ReactiveDriver(flatRoute(), SETTINGS);
    const player = new FakePlayer();
    driver.restartClock(0);
    const { now } = ride(driver, player, 200, 10);
    expect(driver.tick(200, now, player).rideTime).toBeCloseTo(10, 6);
    driver.stopClock(); // the rider paused for a minute
    expect(driver.tick(200, now + 60_000, player).rideTime).toBeCloseTo(10, 6);
    driver.restartClock(now + 60_000);
    expect(driver.tick(200, now + 60_250, player).rideTime).toBeCloseTo(10.25, 6);
    expect(driver.position.rideTime).toBeCloseTo(10.25, 6);
  });

  it('caps one tick after a sleeping tab at a rider step', () => {
    const driver = new ReactiveDriver(flatRoute(), SETTINGS);
    driver.restartClock(0);
    expect(driver.tick(200, 3_600_000, new FakePlayer()).rideTime).toBe(5);
  });

  it('holds a stopped rider’s video itself and lets it go when they pedal', () => {
    const driver = new ReactiveDriver(flatRoute(600, 5), SETTINGS);
    const player = new FakePlayer();
    driver.restartClock(0);
    driver.tick(0, TICK_MS, player);
    expect(driver.holding).toBe(true);
    expect(player.calls).toEqual(['pause']);
    ride(driver, player, 0, 2, TICK_MS); // held: no second pause
    expect(player.calls).toEqual(['pause']);
    ride(driver, player, 300, 2, 3000);
    expect(driver.holding).toBe(false);
    expect(player.calls).toEqual(['pause', 'play']);
    expect(player.rate).toBeGreaterThan(0);
  });

  it('pauses a held video again that someone else set playing (an outage’s resume)', () => {
    const driver = new ReactiveDriver(flatRoute(600, 5), SETTINGS);
    const player = new FakePlayer();
    driver.restartClock(0);
    driver.tick(0, TICK_MS, player);
    player.play(); // the page resumed it after an outage
    driver.tick(0, 2 * TICK_MS, player);
    expect(player.calls).toEqual(['pause', 'play', 'pause']);
    expect(player.paused).toBe(true);
  });

  it('seeks the video to the rider on a large gap', () => {
    const driver = new ReactiveDriver(flatRoute(), SETTINGS, { rideTime: 100, distance: 2000 });
    const player = new FakePlayer();
    driver.restartClock(0);
    const step = driver.tick(200, TICK_MS, player);
    expect(step.decision?.kind).toBe('seek');
    expect(player.currentTime).toBeCloseTo(200, 1);
    expect(step.rideTime).toBeCloseTo(100.25, 6);
  });

  it('ends at the route’s end with the video held', () => {
    const timeline = flatRoute(20);
    const driver = new ReactiveDriver(timeline, SETTINGS, { rideTime: 0, distance: 195 });
    const player = new FakePlayer();
    player.currentTime = 19.5;
    driver.restartClock(0);
    const { now } = ride(driver, player, 400, 10);
    const step = driver.tick(400, now + TICK_MS, player);
    expect(step).toMatchObject({ finished: true, decision: null, distance: 200, speed: 0 });
    expect(driver.holding).toBe(true);
    expect(player.paused).toBe(true);
  });
});
