import { describe, expect, it } from 'vitest';
import { resistingForces } from './forces.js';
import { effectiveMassKg, physicsParams } from './params.js';
import { powerForSpeed, powerForSpeedChange } from './power.js';
import { steadySpeedForPower } from './solve.js';
import { stepSpeed } from './step.js';

const params = physicsParams();

describe('steadySpeedForPower', () => {
  it('coasting (0 W) on a -10 % descent still has a positive terminal speed', () => {
    const terminal = steadySpeedForPower(params, 0, -10);
    expect(terminal).toBeGreaterThan(15);
    expect(terminal).toBeLessThan(30);
    // At terminal speed the resisting forces cancel.
    expect(Math.abs(resistingForces(params, terminal, -10).total)).toBeLessThan(1e-6);
  });

  it('is 0 for 0 W where the slope cannot overcome friction', () => {
    expect(steadySpeedForPower(params, 0, 0)).toBe(0);
    expect(steadySpeedForPower(params, 0, 5)).toBe(0);
    expect(steadySpeedForPower(params, -100, 0)).toBe(0);
  });

  it('inverts powerForSpeed', () => {
    for (const grade of [-8, -3, 0, 4, 12]) {
      for (const watts of [30, 180, 420]) {
        const v = steadySpeedForPower(params, watts, grade);
        expect(powerForSpeed(params, v, grade)).toBeCloseTo(watts, 6);
      }
    }
  });

  it('is slower uphill, into a headwind and with more drag', () => {
    const flat = steadySpeedForPower(params, 250, 0);
    expect(steadySpeedForPower(params, 250, 5)).toBeLessThan(flat);
    expect(steadySpeedForPower(physicsParams({ windSpeedMps: 5 }), 250, 0)).toBeLessThan(flat);
    expect(steadySpeedForPower(physicsParams({ windSpeedMps: -5 }), 250, 0)).toBeGreaterThan(flat);
    expect(steadySpeedForPower(physicsParams({ cdA: 0.4 }), 250, 0)).toBeLessThan(flat);
  });
});

describe('powerForSpeed', () => {
  it('is negative (braking at the wheel) when a descent alone is faster', () => {
    expect(powerForSpeed(params, 5, -10)).toBeLessThan(0);
    expect(powerForSpeed(params, 0, 3)).toBe(0);
  });

  it('includes the kinetic-energy term for a speed change', () => {
    const steady = powerForSpeedChange(params, 10, 10, 0, 1);
    expect(steady).toBeCloseTo(powerForSpeed(params, 10, 0), 9);
    const kinetic = (0.5 * effectiveMassKg(params) * (11 * 11 - 10 * 10)) / 1;
    const accelerating = powerForSpeedChange(params, 10, 11, 0, 1);
    expect(accelerating - powerForSpeed(params, 10.5, 0)).toBeCloseTo(
      kinetic / params.drivetrainEfficiency,
      9,
    );
  });
});

describe('stepSpeed', () => {
  it('converges to steadySpeedForPower', () => {
    for (const [watts, grade] of [
      [250, 5],
      [180, 0],
      [400, -2],
      [0, -10],
    ] as const) {
      let v = 0;
      for (let t = 0; t < 900; t++) v = stepSpeed(params, v, watts, grade, 1);
      expect(v).toBeCloseTo(steadySpeedForPower(params, watts, grade), 3);
    }
  });

  it('coasting on a descent accelerates towards the terminal speed without passing it', () => {
    const terminal = steadySpeedForPower(params, 0, -10);
    let v = 5;
    for (let t = 0; t < 60; t++) {
      const next = stepSpeed(params, v, 0, -10, 1);
      expect(next).toBeGreaterThan(v);
      expect(next).toBeLessThan(terminal);
      v = next;
    }
    expect(v).toBeGreaterThan(terminal * 0.95);
  });

  it('coasting on the flat decelerates, and stops, never going backwards', () => {
    let v = 10;
    for (let t = 0; t < 30; t++) {
      const next = stepSpeed(params, v, 0, 0, 1);
      expect(next).toBeLessThan(v);
      v = next;
    }
    let climb = 3;
    for (let t = 0; t < 30; t++) climb = stepSpeed(params, climb, 0, 10, 1);
    expect(climb).toBe(0);
  });

  it('does not depend on how an interval is split', () => {
    const once = stepSpeed(params, 4, 300, 3, 2);
    let split = 4;
    for (let i = 0; i < 8; i++) split = stepSpeed(params, split, 300, 3, 0.25);
    expect(once).toBeCloseTo(split, 6);
  });

  it('starts from a standstill and returns v0 for dt 0', () => {
    expect(stepSpeed(params, 0, 200, 0, 1)).toBeGreaterThan(0);
    expect(stepSpeed(params, 7, 200, 0, 0)).toBeCloseTo(7, 12);
  });
});

describe('physicsParams', () => {
  it('rejects parameters that make the model meaningless', () => {
    expect(() => physicsParams({ drivetrainEfficiency: 0 })).toThrow(RangeError);
    expect(() => physicsParams({ cdA: 0, spokeDragAreaM2: 0 })).toThrow(RangeError);
    expect(() => physicsParams({ riderMassKg: Number.NaN })).toThrow(RangeError);
  });
});
