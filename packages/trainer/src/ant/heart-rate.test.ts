import { describe, expect, it } from 'vitest';
import { antHeartRateBetween, decodeAntHeartRate } from './heart-rate.js';

describe('ANT+ heart rate pages', () => {
  it('decodes page 0 common fields', () => {
    // Event time 0x1234 (1/1024 s), beat count 17, computed heart rate 72.
    expect(decodeAntHeartRate(Uint8Array.of(0x00, 0xff, 0xff, 0xff, 0x34, 0x12, 17, 72))).toEqual({
      ok: true,
      value: {
        page: 0,
        toggle: false,
        heartBeatEventTime: 0x1234,
        heartBeatCount: 17,
        computedHeartRateBpm: 72,
        detail: { page: 0 },
      },
    });
  });

  it('reads the page number from the low 7 bits and the toggle from bit 7', () => {
    const r = decodeAntHeartRate(Uint8Array.of(0x84, 0x00, 0x00, 0x10, 0x00, 0x14, 18, 75));
    expect(r.ok && r.value).toMatchObject({
      page: 4,
      toggle: true,
      heartBeatEventTime: 0x1400,
      detail: { page: 4, manufacturerSpecific: 0, previousHeartBeatEventTime: 0x1000 },
    });
  });

  it('decodes the page-specific bytes of pages 1-3', () => {
    const p1 = decodeAntHeartRate(Uint8Array.of(0x81, 0x10, 0x27, 0x00, 0, 0, 0, 60));
    expect(p1.ok && p1.value.detail).toEqual({ page: 1, cumulativeOperatingTimeS: 20000 });
    const p2 = decodeAntHeartRate(Uint8Array.of(0x02, 1, 0x39, 0x30, 0, 0, 0, 60));
    expect(p2.ok && p2.value.detail).toEqual({
      page: 2,
      manufacturerId: 1,
      serialNumberHigh16: 12345,
    });
    const p3 = decodeAntHeartRate(Uint8Array.of(0x83, 5, 7, 9, 0, 0, 0, 60));
    expect(p3.ok && p3.value.detail).toEqual({
      page: 3,
      hardwareVersion: 5,
      softwareVersion: 7,
      modelNumber: 9,
    });
  });

  it('reports a computed heart rate of 0 as null', () => {
    const r = decodeAntHeartRate(Uint8Array.of(0, 0xff, 0xff, 0xff, 0, 0, 0, 0));
    expect(r.ok && r.value.computedHeartRateBpm).toBeNull();
  });

  it('derives heart rate across beat count and event time rollover', () => {
    // 2 beats (255 -> 1) in 1707 ticks (0xFC00 -> 0x02AB): 2 * 60 * 1024 / 1707 bpm.
    const previous = { heartBeatCount: 255, heartBeatEventTime: 0xfc00 };
    const current = { heartBeatCount: 1, heartBeatEventTime: 0x02ab };
    expect(antHeartRateBetween(previous, current)).toBeCloseTo((2 * 60 * 1024) / 1707, 10);
    expect(antHeartRateBetween(current, current)).toBeNull();
  });

  it('rejects short, long and unknown pages', () => {
    const code = (u: Uint8Array): string | null => {
      const r = decodeAntHeartRate(u);
      return r.ok ? null : r.error.code;
    };
    expect(code(new Uint8Array(7))).toBe('too_short');
    expect(code(new Uint8Array(12))).toBe('malformed');
    expect(code(Uint8Array.of(0x87, 0, 0, 0, 0, 0, 0, 60))).toBe('unsupported');
  });
});
