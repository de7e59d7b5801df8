import { describe, expect, it } from 'vitest';
import { FrameBuilder } from '../test-support/frame-builder.js';
import {
  decodeFitnessMachineFeature,
  decodeSupportedInclinationRange,
  decodeSupportedPowerRange,
} from './machine-feature.js';

describe('Fitness Machine Feature', () => {
  it('names the bits a smart trainer sets', () => {
    // Machine: average speed (0), cadence (1), total distance (2), resistance (7), HR (10),
    // elapsed time (12), power (14). Target: resistance (2), power (3), simulation (13).
    const machine = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 7) | (1 << 10) | (1 << 12) | (1 << 14);
    const target = (1 << 2) | (1 << 3) | (1 << 13);
    const result = decodeFitnessMachineFeature(new FrameBuilder().u32(machine).u32(target).bytes());
    if (!result.ok) throw new Error(result.error.message);
    const f = result.value;
    expect(f.machine.powerMeasurement).toBe(true);
    expect(f.machine.cadence).toBe(true);
    expect(f.machine.heartRateMeasurement).toBe(true);
    expect(f.machine.inclination).toBe(false);
    expect(f.targetSetting.powerTarget).toBe(true);
    expect(f.targetSetting.indoorBikeSimulationParameters).toBe(true);
    expect(f.targetSetting.inclinationTarget).toBe(false);
    expect(f.targetSetting.spinDownControl).toBe(false);
    expect(Object.values(f.machine).filter(Boolean)).toHaveLength(7);
    expect(Object.values(f.targetSetting).filter(Boolean)).toHaveLength(3);
  });

  it('maps each bit to exactly one name', () => {
    for (let bit = 0; bit < 17; bit++) {
      const r = decodeFitnessMachineFeature(
        new FrameBuilder()
          .u32(2 ** bit)
          .u32(2 ** bit)
          .bytes(),
      );
      if (!r.ok) throw new Error(r.error.message);
      expect(Object.values(r.value.machine).filter(Boolean)).toHaveLength(1);
      expect(Object.values(r.value.targetSetting).filter(Boolean)).toHaveLength(1);
    }
    const reserved = decodeFitnessMachineFeature(new FrameBuilder().u32(0xfffe0000).u32(0).bytes());
    expect(reserved.ok && Object.values(reserved.value.machine).some(Boolean)).toBe(false);
  });

  it('rejects a value shorter than 8 bytes', () => {
    const r = decodeFitnessMachineFeature(new Uint8Array(7));
    expect(r.ok ? null : r.error.code).toBe('too_short');
  });
});

describe('Supported ranges', () => {
  it('decodes the power range', () => {
    const frame = new FrameBuilder().u16(0).u16(2000).u16(1).bytes();
    expect(decodeSupportedPowerRange(frame)).toEqual({
      ok: true,
      value: { minW: 0, maxW: 2000, incrementW: 1 },
    });
  });

  it('decodes the inclination range from 0.1 % units', () => {
    const frame = new FrameBuilder().u16(-100).u16(200).u16(5).bytes();
    expect(decodeSupportedInclinationRange(frame)).toEqual({
      ok: true,
      value: { minPercent: -10, maxPercent: 20, incrementPercent: 0.5 },
    });
  });

  it('rejects short and upside-down ranges', () => {
    const short = decodeSupportedPowerRange(new Uint8Array(5));
    expect(short.ok ? null : short.error.code).toBe('too_short');
    const upsideDown = decodeSupportedInclinationRange(
      new FrameBuilder().u16(100).u16(-100).u16(1).bytes(),
    );
    expect(upsideDown.ok ? null : upsideDown.error.code).toBe('malformed');
  });
});
