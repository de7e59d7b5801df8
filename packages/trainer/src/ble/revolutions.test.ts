import { describe, expect, it } from 'vitest';
import { FrameBuilder } from '../test-support/frame-builder.js';
import { decodeCscMeasurement } from './speed-cadence.js';
import { decodeCyclingPowerMeasurement } from './cycling-power.js';
import { RevolutionRate, SpeedCadenceCalculator, type RevolutionData } from './revolutions.js';

const crank = (revolutions: number, eventTime: number): RevolutionData => ({
  revolutions,
  eventTime,
  ticksPerSecond: 1024,
});

function crankRate(): RevolutionRate {
  return new RevolutionRate({ revolutionModulus: 0x10000, maxRevolutionsPerSecond: 5 });
}

describe('RevolutionRate', () => {
  it('is null until a second reading brings a revolution', () => {
    const r = crankRate();
    expect(r.update(crank(10, 1000), 0)).toBeNull();
    expect(r.update(crank(10, 1000), 500)).toBeNull();
    // 1.5 revolutions per second: 3 revs in 2048 ticks.
    expect(r.update(crank(13, 3048), 1000)).toBe(1.5);
  });

  it('handles rollover of the 16-bit count and event time together', () => {
    const r = crankRate();
    r.update(crank(65534, 65000), 0);
    // +3 revs (65534 -> 1) in +1560 ticks (65000 -> 1024): 3 / (1560/1024) rev/s.
    expect(r.update(crank(1, 1024), 1000)).toBeCloseTo(3 / (1560 / 1024), 12);
  });

  it('keeps the last rate while no new revolution arrives, then goes to 0', () => {
    const r = crankRate();
    r.update(crank(0, 0), 0);
    expect(r.update(crank(1, 1024), 1000)).toBe(1);
    expect(r.update(crank(1, 1024), 2000)).toBe(1);
    expect(r.update(crank(1, 1024), 3999)).toBe(1);
    expect(r.update(crank(1, 1024), 4000)).toBe(0);
    expect(r.current(10_000)).toBe(0);
    // Pedalling again: the rate comes back from the same baseline.
    expect(r.update(crank(2, 3072), 5000)).toBe(0.5);
  });

  it('restarts after a gap longer than one event-time period (64 s)', () => {
    const r = crankRate();
    r.update(crank(0, 0), 0);
    r.update(crank(1, 1024), 1000);
    // 70 s later with more revolutions: the wrapped time difference is meaningless.
    expect(r.update(crank(60, 500), 71_000)).toBeNull();
    expect(r.update(crank(61, 1524), 72_000)).toBe(1);
  });

  it('treats an implausible jump (counter reset) as unknown, not as a huge cadence', () => {
    const r = crankRate();
    r.update(crank(500, 1000), 0);
    expect(r.update(crank(0, 2024), 1000)).toBeNull();
    expect(r.update(crank(1, 3048), 2000)).toBe(1);
  });

  it('ignores a new revolution that comes with no new event time', () => {
    const r = crankRate();
    r.update(crank(0, 0), 0);
    r.update(crank(1, 1024), 1000);
    expect(r.update(crank(2, 1024), 1500)).toBe(1);
  });
});

describe('SpeedCadenceCalculator', () => {
  it('derives cadence and speed from Cycling Power Measurements across rollover', () => {
    // CPS wheel event time is 1/2048 s; the uint32 wheel count and uint16 times wrap.
    const frame = (wheelRevs: number, wheelTime: number, crankRevs: number, crankTime: number) =>
      new FrameBuilder()
        .u16(0x0030)
        .u16(200)
        .u32(wheelRevs)
        .u16(wheelTime)
        .u16(crankRevs)
        .u16(crankTime)
        .bytes();
    const calc = new SpeedCadenceCalculator({ wheelCircumferenceM: 2.1 });
    const first = decodeCyclingPowerMeasurement(frame(0xfffffffe, 65000, 65535, 65000));
    const second = decodeCyclingPowerMeasurement(
      frame(3, 65000 + 4096 - 65536, 1, 65000 + 1024 - 65536),
    );
    if (!first.ok || !second.ok) throw new Error('decode failed');
    expect(calc.update(first.value, 0)).toEqual({ cadenceRpm: null, speedMps: null });
    const out = calc.update(second.value, 1000);
    // 2 crank revs in 1 s = 120 rpm; 5 wheel revs in 2 s = 2.5 rev/s * 2.1 m.
    expect(out.cadenceRpm).toBe(120);
    expect(out.speedMps).toBeCloseTo(5.25, 12);
  });

  it('derives the same way from CSC (1/1024 s wheel time) and goes stale without data', () => {
    const frame = (wheelRevs: number, wheelTime: number) =>
      new FrameBuilder().u8(0x01).u32(wheelRevs).u16(wheelTime).bytes();
    const calc = new SpeedCadenceCalculator({ wheelCircumferenceM: 2, staleAfterMs: 2000 });
    const a = decodeCscMeasurement(frame(100, 0));
    const b = decodeCscMeasurement(frame(104, 1024));
    if (!a.ok || !b.ok) throw new Error('decode failed');
    calc.update(a.value, 0);
    expect(calc.update(b.value, 1000)).toEqual({ cadenceRpm: null, speedMps: 8 });
    expect(calc.update({}, 2500).speedMps).toBe(8);
    expect(calc.update({}, 3000).speedMps).toBe(0);
  });
});
