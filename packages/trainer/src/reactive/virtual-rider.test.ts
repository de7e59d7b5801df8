import { describe, expect, it } from 'vitest';
import { physicsParams } from '../physics/params.js';
import { steadySpeedForPower } from '../physics/solve.js';
import { RouteTimeline } from './route-timeline.js';
import { MAX_RIDER_STEP_S, VirtualRider } from './virtual-rider.js';

/** A straight road at 10 m/s of filmed speed with one grade everywhere. */
function road(gradePercent: number, seconds = 3600) {
  return new RouteTimeline({
    distance: Array.from({ length: seconds }, (_, s) => s * 10),
    slope: new Array<number>(seconds).fill(gradePercent),
  });
}

function ride(rider: VirtualRider, watts: number, seconds: number, dt = 0.25) {
  for (let t = 0; t < seconds; t += dt) rider.advance(watts, dt);
}

describe('VirtualRider', () => {
  it('reaches the steady speed of the physics at constant power on the flat', () => {
    const rider = new VirtualRider(road(0));
    ride(rider, 200, 240);
    const steady = steadySpeedForPower(physicsParams(), 200, 0);
    expect(rider.speed).toBeCloseTo(steady, 3);
    expect(rider.distance).toBeGreaterThan(steady * 200);
  });

  it('uses the member weight: a heavier rider climbs slower', () => {
    const light = new VirtualRider(road(6), { weightKg: 60 });
    const heavy = new VirtualRider(road(6), { weightKg: 95 });
    ride(light, 250, 60);
    ride(heavy, 250, 60);
    expect(light.speed).toBeCloseTo(
      steadySpeedForPower(physicsParams({ riderMassKg: 60 }), 250, 6),
      2,
    );
    expect(heavy.speed).toBeLessThan(light.speed);
  });

  it('keeps the default mass for a missing or implausible weight', () => {
    for (const weightKg of [null, undefined, 0, -70, 5000, Number.NaN]) {
      const rider = new VirtualRider(road(5), { weightKg });
      ride(rider, 250, 60);
      expect(rider.speed).toBeCloseTo(steadySpeedForPower(physicsParams(), 250, 5), 2);
    }
  });

  it('shapes the grade by difficulty: half difficulty climbs as half the grade', () => {
    const half = new VirtualRider(road(8), { slope: { difficultyPercent: 50 } });
    ride(half, 250, 90);
    expect(half.shapedGrade()).toBe(4);
    expect(half.speed).toBeCloseTo(steadySpeedForPower(physicsParams(), 250, 4), 2);
  });

  it('shapes descents by the downhill factor', () => {
    const rider = new VirtualRider(road(-6), {
      slope: { difficultyPercent: 100, downhillPercent: 50 },
    });
    expect(rider.shapedGrade()).toBe(-3);
  });

  it('rolls on and slows when coasting on the flat', () => {
    const rider = new VirtualRider(road(0), { speed: 10 });
    const before = rider.distance;
    ride(rider, 0, 5);
    expect(rider.speed).toBeLessThan(10);
    expect(rider.speed).toBeGreaterThan(8);
    expect(rider.distance - before).toBeGreaterThan(40);
  });

  it('stops and stays on a climb when coasting, never rolling back', () => {
    const rider = new VirtualRider(road(8), { speed: 6 });
    let last = rider.distance;
    for (let i = 0; i < 200; i++) {
      rider.advance(0, 0.25);
      expect(rider.distance).toBeGreaterThanOrEqual(last);
      last = rider.distance;
    }
    expect(rider.speed).toBe(0);
    const stopped = rider.distance;
    ride(rider, 0, 10);
    expect(rider.distance).toBe(stopped);
  });

  it('rolls away from rest on a descent', () => {
    const rider = new VirtualRider(road(-8), { slope: { downhillPercent: 100 } });
    ride(rider, 0, 10);
    expect(rider.speed).toBeGreaterThan(3);
  });

  it('ignores dt <= 0 and NaN, and caps one dt at 5 s', () => {
    const a = new VirtualRider(road(0), { speed: 8 });
    a.advance(200, 0);
    a.advance(200, -1);
    a.advance(200, Number.NaN);
    expect(a.distance).toBe(0);
    const b = new VirtualRider(road(0), { speed: 8 });
    const c = new VirtualRider(road(0), { speed: 8 });
    b.advance(200, 600);
    c.advance(200, MAX_RIDER_STEP_S);
    expect(b.distance).toBe(c.distance);
    expect(b.distance).toBeLessThan(60);
  });

  it('treats non-finite or negative power as coasting', () => {
    const a = new VirtualRider(road(0), { speed: 8 });
    const b = new VirtualRider(road(0), { speed: 8 });
    a.advance(Number.NaN, 1);
    b.advance(-300, 1);
    const c = new VirtualRider(road(0), { speed: 8 });
    c.advance(0, 1);
    expect(a.distance).toBe(c.distance);
    expect(b.distance).toBe(c.distance);
  });

  it('stops at the end of the route, finished, and then stays', () => {
    const rider = new VirtualRider(road(0, 11), { distance: 95, speed: 10 });
    expect(rider.finished).toBe(false);
    rider.advance(300, 1);
    expect(rider.finished).toBe(true);
    expect(rider.distance).toBe(100);
    expect(rider.speed).toBe(0);
    rider.advance(300, 1);
    expect(rider.snapshot()).toEqual({ distance: 100, speed: 0, finished: true });
  });

  it('clamps the start position into the route', () => {
    expect(new VirtualRider(road(0, 11), { distance: -5 }).distance).toBe(0);
    const past = new VirtualRider(road(0, 11), { distance: 500 });
    expect(past.distance).toBe(100);
    expect(past.finished).toBe(true);
  });

  it('reads the grade where the rider is as the road changes', () => {
    const seconds = 200;
    const timeline = new RouteTimeline({
      distance: Array.from({ length: seconds }, (_, s) => s * 10),
      slope: Array.from({ length: seconds }, (_, s) => (s < 100 ? 0 : 10)),
    });
    const rider = new VirtualRider(timeline, { distance: 990, speed: 10 });
    expect(rider.shapedGrade()).toBe(0);
    ride(rider, 0, 3);
    expect(rider.shapedGrade()).toBe(10);
  });
});
