import { describe, expect, it } from 'vitest';
import { FrameBuilder, prefixes } from '../test-support/frame-builder.js';
import { decodeIndoorBikeData, type IndoorBikeData } from './indoor-bike-data.js';

/**
 * Test-side encoder written from the FTMS Indoor Bike Data layout (FTMS v1.0, 4.9): flags
 * uint16, then each present field in bit order. Values depend on the flags, so a decoder that
 * reads any field at the wrong offset for some combination gets a different number.
 */
function sampleFrame(flags: number): { frame: Uint8Array; expected: IndoorBikeData } {
  const b = new FrameBuilder().u16(flags);
  const e: IndoorBikeData = { flags, moreData: (flags & 1) !== 0 };
  const s = flags;
  if ((flags & 0x0001) === 0) {
    const raw = (s * 7 + 2501) % 0x10000; // 0.01 km/h
    b.u16(raw);
    e.instantaneousSpeedKmh = raw / 100;
  }
  if (flags & 0x0002) {
    const raw = (s * 3 + 2999) % 0x10000;
    b.u16(raw);
    e.averageSpeedKmh = raw / 100;
  }
  if (flags & 0x0004) {
    const raw = (s % 400) + 1; // 0.5 rpm
    b.u16(raw);
    e.instantaneousCadenceRpm = raw / 2;
  }
  if (flags & 0x0008) {
    const raw = (s % 300) + 11;
    b.u16(raw);
    e.averageCadenceRpm = raw / 2;
  }
  if (flags & 0x0010) {
    const raw = s * 1000 + 70001; // uint24 m, above 65535 to exercise the third byte
    b.u24(raw);
    e.totalDistanceM = raw;
  }
  if (flags & 0x0020) {
    const raw = (s % 50) - 20; // sint16, sometimes negative
    b.u16(raw);
    e.resistanceLevel = raw;
  }
  if (flags & 0x0040) {
    const raw = (s % 1500) - 100; // sint16 W
    b.u16(raw);
    e.instantaneousPowerW = raw;
  }
  if (flags & 0x0080) {
    const raw = (s % 900) - 3;
    b.u16(raw);
    e.averagePowerW = raw;
  }
  if (flags & 0x0100) {
    const total = (s % 5000) + 1;
    const perHour = (s % 1200) + 2;
    const perMinute = (s % 200) + 3;
    b.u16(total).u16(perHour).u8(perMinute);
    e.totalEnergyKcal = total;
    e.energyPerHourKcal = perHour;
    e.energyPerMinuteKcal = perMinute;
  }
  if (flags & 0x0200) {
    const raw = (s % 150) + 60;
    b.u8(raw);
    e.heartRateBpm = raw;
  }
  if (flags & 0x0400) {
    const raw = (s % 200) + 10; // 0.1 MET
    b.u8(raw);
    e.metabolicEquivalent = raw / 10;
  }
  if (flags & 0x0800) {
    const raw = (s * 13) % 0x10000;
    b.u16(raw);
    e.elapsedTimeS = raw;
  }
  if (flags & 0x1000) {
    const raw = (s * 17 + 5) % 0x10000;
    b.u16(raw);
    e.remainingTimeS = raw;
  }
  return { frame: b.bytes(), expected: e };
}

const ALL_FLAGS = Array.from({ length: 8192 }, (_, i) => i);

describe('FTMS Indoor Bike Data', () => {
  it('decodes every one of the 8192 flag combinations', () => {
    let checked = 0;
    for (const flags of ALL_FLAGS) {
      const { frame, expected } = sampleFrame(flags);
      const result = decodeIndoorBikeData(frame);
      if (!result.ok) throw new Error(`flags 0x${flags.toString(16)}: ${result.error.message}`);
      expect(result.value).toEqual(expected);
      checked++;
    }
    expect(checked).toBe(8192);
  });

  it('rejects every truncation of every combination as too_short', () => {
    for (const flags of ALL_FLAGS) {
      for (const short of prefixes(sampleFrame(flags).frame)) {
        const result = decodeIndoorBikeData(short);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('too_short');
      }
    }
  });

  it('reads a typical trainer notification byte for byte', () => {
    // flags 0x0044: speed (bit 0 clear), cadence, power. 30.00 km/h, 90 rpm, 250 W.
    const frame = Uint8Array.of(0x44, 0x00, 0xb8, 0x0b, 0xb4, 0x00, 0xfa, 0x00);
    expect(decodeIndoorBikeData(frame)).toEqual({
      ok: true,
      value: {
        flags: 0x44,
        moreData: false,
        instantaneousSpeedKmh: 30,
        instantaneousCadenceRpm: 90,
        instantaneousPowerW: 250,
      },
    });
  });

  it('reports the energy sub-fields sent as "not available" as null', () => {
    const frame = new FrameBuilder().u16(0x0101).u16(120).u16(0xffff).u8(0xff).bytes();
    const result = decodeIndoorBikeData(frame);
    expect(result.ok && result.value).toMatchObject({
      totalEnergyKcal: 120,
      energyPerHourKcal: null,
      energyPerMinuteKcal: null,
    });
  });

  it('ignores reserved flag bits and trailing bytes', () => {
    const frame = new FrameBuilder().u16(0xe001).u8(0x99).bytes();
    expect(decodeIndoorBikeData(frame)).toEqual({
      ok: true,
      value: { flags: 0xe001, moreData: true },
    });
  });

  it('accepts a DataView onto part of a buffer', () => {
    const backing = Uint8Array.of(0xff, 0xff, 0x40, 0x00, 0x10, 0x27, 0x2c, 0x01, 0xff);
    const view = new DataView(backing.buffer, 2, 6);
    const result = decodeIndoorBikeData(view);
    expect(result.ok && result.value.instantaneousPowerW).toBe(300);
    expect(result.ok && result.value.instantaneousSpeedKmh).toBe(100);
  });

  it('returns too_short for an empty or one-byte value', () => {
    for (const frame of [new Uint8Array(0), Uint8Array.of(0x01)]) {
      const result = decodeIndoorBikeData(frame);
      expect(result.ok ? null : result.error.code).toBe('too_short');
    }
  });
});
