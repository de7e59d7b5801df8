import { describe, expect, it } from 'vitest';
import { physicsParams } from '../physics/params.js';
import { steadySpeedForPower } from '../physics/solve.js';
import { Prng } from './prng.js';
import {
  SimulatedTrainer,
  type SimulatorOptions,
  type TrainerSample,
} from './simulated-trainer.js';

function ride(trainer: SimulatedTrainer, seconds: number, dt = 1): TrainerSample[] {
  const out: TrainerSample[] = [];
  for (let t = 0; t < seconds; t += dt) out.push(trainer.tick(dt));
  return out;
}

const steady = (watts: number, extra: Partial<SimulatorOptions> = {}): SimulatedTrainer =>
  new SimulatedTrainer({ power: { kind: 'steady', watts, variationWatts: 0 }, ...extra });

describe('SimulatedTrainer', () => {
  it('is slower on a steeper grade at the same power', () => {
    const speeds = [0, 4, 8].map((grade) => {
      const trainer = steady(250);
      trainer.setGrade(grade);
      return ride(trainer, 300).at(-1)?.speedMps ?? Number.NaN;
    });
    expect(speeds[1]).toBeLessThan(speeds[0] ?? 0);
    expect(speeds[2]).toBeLessThan(speeds[1] ?? 0);
  });

  it('settles at the steady speed of the shared physics', () => {
    const trainer = steady(200);
    trainer.setGrade(3);
    const last = ride(trainer, 600).at(-1);
    expect(last?.speedMps).toBeCloseTo(steadySpeedForPower(physicsParams(), 200, 3), 3);
    expect(last?.power).toBe(200);
  });

  it('raises heart rate with effort and lets it fall at rest', () => {
    const trainer = new SimulatedTrainer({
      power: { kind: 'function', wattsAt: (t) => (t < 300 ? 280 : 0) },
      restingHeartRate: 55,
      maxHeartRate: 190,
      ftpWatts: 260,
    });
    const samples = ride(trainer, 600);
    const at = (s: number): number => samples[s - 1]?.heartRate ?? Number.NaN;
    expect(at(1)).toBeLessThan(60);
    expect(at(60)).toBeGreaterThan(at(10));
    expect(at(300)).toBeGreaterThan(160);
    expect(at(300)).toBeLessThanOrEqual(190);
    expect(at(360)).toBeLessThan(at(300));
    expect(at(600)).toBeLessThan(80);
    // Harder efforts settle higher.
    const easy = ride(steady(120, { ftpWatts: 260 }), 400).at(-1)?.heartRate ?? 0;
    const hard = ride(steady(240, { ftpWatts: 260 }), 400).at(-1)?.heartRate ?? 0;
    expect(hard).toBeGreaterThan(easy + 20);
  });

  it('integrates speed into distance', () => {
    const trainer = new SimulatedTrainer({ power: { kind: 'steady', watts: 220 }, seed: 3 });
    trainer.setGrade(2);
    let previousSpeed = 0;
    let trapezoids = 0;
    for (const dt of [0.25, 0.5, 1, 1, 2, 0.1, 1.5]) {
      for (let i = 0; i < 20; i++) {
        const s = trainer.tick(dt);
        trapezoids += ((previousSpeed + s.speedMps) / 2) * dt;
        previousSpeed = s.speedMps;
        expect(s.distanceM).toBeCloseTo(trapezoids, 9);
      }
    }
    // And at a steady speed, distance grows by speed x time.
    const cruise = steady(200, { initialSpeedMps: steadySpeedForPower(physicsParams(), 200, 0) });
    const [first, second] = [cruise.tick(10), cruise.tick(10)];
    expect(second.distanceM - first.distanceM).toBeCloseTo(10 * first.speedMps, 4);
  });

  it('reports elapsed time, cadence that drops on climbs and 0 when coasting', () => {
    const trainer = steady(250, { cadenceRpm: 92 });
    const flat = ride(trainer, 60);
    expect(flat.at(-1)?.elapsedS).toBe(60);
    const flatCadence = flat.reduce((n, s) => n + s.cadence, 0) / flat.length;
    expect(Math.abs(flatCadence - 92)).toBeLessThan(3);
    trainer.setGrade(12);
    const climb = ride(trainer, 60);
    expect(climb.reduce((n, s) => n + s.cadence, 0) / climb.length).toBeLessThan(flatCadence - 5);
    trainer.setPowerProfile({ kind: 'steady', watts: 0 });
    expect(trainer.tick(1).cadence).toBe(0);
  });

  it('coasts down a descent with no power', () => {
    const trainer = steady(0, { initialSpeedMps: 5 });
    trainer.setGrade(-6);
    const samples = ride(trainer, 30);
    expect(samples.at(-1)?.speedMps).toBeGreaterThan(10);
  });

  it('clamps grade commands to its limits and ignores unreadable ones', () => {
    const trainer = steady(200, { gradeLimits: { minPercent: -10, maxPercent: 20 } });
    expect(trainer.setGrade(25)).toBe(20);
    expect(trainer.setGrade(-15)).toBe(-10);
    expect(trainer.setGrade(Number.NaN)).toBe(-10);
    expect(trainer.tick(1).gradePercent).toBe(-10);
    expect(() => trainer.tick(-1)).toThrow(RangeError);
  });

  it('is deterministic for a seed and varies gently around the target', () => {
    const make = (seed: number) =>
      new SimulatedTrainer({ power: { kind: 'steady', watts: 250, variationWatts: 15 }, seed });
    const a = ride(make(42), 120);
    const b = ride(make(42), 120);
    const c = ride(make(7), 120);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    for (const s of a) {
      expect(s.power).toBeGreaterThanOrEqual(235);
      expect(s.power).toBeLessThanOrEqual(265);
    }
    expect(new Set(a.map((s) => s.power)).size).toBeGreaterThan(5);
  });
});

describe('Prng', () => {
  it('repeats a sequence for a seed and stays in [0, 1)', () => {
    const a = new Prng(123);
    const b = new Prng(123);
    const values = Array.from({ length: 1000 }, () => a.next());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b.next()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((n, v) => n + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    expect(new Prng(124).next()).not.toBe(new Prng(123).next());
  });
});
