import { describe, expect, it } from 'vitest';
import { FrameBuilder, prefixes } from '../test-support/frame-builder.js';
import { decodeCyclingPowerMeasurement, type CyclingPowerMeasurement } from './cycling-power.js';

/**
 * Test-side encoder from the Cycling Power Measurement layout (CPS v1.1, 3.2): flags uint16,
 * Instantaneous Power sint16, then the optional fields in spec order.
 */
function sampleFrame(flags: number): { frame: Uint8Array; expected: CyclingPowerMeasurement } {
  const s = flags;
  const power = (s % 1200) - 50;
  const b = new FrameBuilder().u16(flags).u16(power);
  const e: CyclingPowerMeasurement = {
    flags,
    instantaneousPowerW: power,
    offsetCompensation: (flags & 0x1000) !== 0,
  };
  if (flags & 0x0001) {
    const raw = (s % 200) + 1; // 1/2 %
    b.u8(raw);
    e.pedalPowerBalance = { percent: raw / 2, reference: flags & 0x0002 ? 'left' : 'unknown' };
  }
  if (flags & 0x0004) {
    const raw = (s * 31) % 0x10000; // 1/32 Nm
    b.u16(raw);
    e.accumulatedTorque = { newtonMetres: raw / 32, source: flags & 0x0008 ? 'crank' : 'wheel' };
  }
  if (flags & 0x0010) {
    const revs = s * 100003 + 0x01000000;
    const time = (s * 37) % 0x10000;
    b.u32(revs).u16(time);
    e.wheel = { revolutions: revs, eventTime: time, ticksPerSecond: 2048 };
  }
  if (flags & 0x0020) {
    const revs = (s * 3) % 0x10000;
    const time = (s * 41 + 7) % 0x10000;
    b.u16(revs).u16(time);
    e.crank = { revolutions: revs, eventTime: time, ticksPerSecond: 1024 };
  }
  if (flags & 0x0040) {
    const max = (s % 700) + 1;
    const min = 0 - (s % 300);
    b.u16(max).u16(min);
    e.extremeForce = { maxN: max, minN: min };
  }
  if (flags & 0x0080) {
    const max = (s % 3000) + 32;
    const min = 0 - ((s * 3) % 1000); // 0 - x, not -x: no -0 in the expectation
    b.u16(max).u16(min);
    e.extremeTorque = { maxNm: max / 32, minNm: min / 32 };
  }
  if (flags & 0x0100) {
    const max = s % 360;
    const min = (s * 7) % 360;
    b.u24(max + min * 4096);
    e.extremeAngles = { maxDeg: max, minDeg: min };
  }
  if (flags & 0x0200) {
    const raw = (s % 90) + 1;
    b.u16(raw);
    e.topDeadSpotAngleDeg = raw;
  }
  if (flags & 0x0400) {
    const raw = (s % 90) + 180;
    b.u16(raw);
    e.bottomDeadSpotAngleDeg = raw;
  }
  if (flags & 0x0800) {
    const raw = (s * 5) % 0x10000;
    b.u16(raw);
    e.accumulatedEnergyKJ = raw;
  }
  return { frame: b.bytes(), expected: e };
}

const ALL_FLAGS = Array.from({ length: 8192 }, (_, i) => i);

describe('Cycling Power Measurement', () => {
  it('decodes every combination of the 13 defined flag bits', () => {
    for (const flags of ALL_FLAGS) {
      const { frame, expected } = sampleFrame(flags);
      const result = decodeCyclingPowerMeasurement(frame);
      if (!result.ok) throw new Error(`flags 0x${flags.toString(16)}: ${result.error.message}`);
      expect(result.value).toEqual(expected);
    }
  });

  it('rejects every truncation as too_short', () => {
    for (const flags of ALL_FLAGS) {
      for (const short of prefixes(sampleFrame(flags).frame)) {
        const result = decodeCyclingPowerMeasurement(short);
        expect(result.ok ? null : result.error.code).toBe('too_short');
      }
    }
  });

  it('splits extreme angles as in the spec example (max 0xABC, min 0x123 -> 0x123ABC)', () => {
    const frame = new FrameBuilder().u16(0x0100).u16(0).u24(0x123abc).bytes();
    const result = decodeCyclingPowerMeasurement(frame);
    expect(result.ok && result.value.extremeAngles).toEqual({ maxDeg: 0xabc, minDeg: 0x123 });
  });

  it('reads a crank-based power meter notification byte for byte', () => {
    // flags 0x0020 (crank data), 245 W, 1000 revs, event time 0x8000 (32 s).
    const frame = Uint8Array.of(0x20, 0x00, 0xf5, 0x00, 0xe8, 0x03, 0x00, 0x80);
    expect(decodeCyclingPowerMeasurement(frame)).toEqual({
      ok: true,
      value: {
        flags: 0x20,
        instantaneousPowerW: 245,
        offsetCompensation: false,
        crank: { revolutions: 1000, eventTime: 0x8000, ticksPerSecond: 1024 },
      },
    });
  });
});
