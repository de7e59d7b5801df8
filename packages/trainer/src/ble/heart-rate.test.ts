import { describe, expect, it } from 'vitest';
import { FrameBuilder } from '../test-support/frame-builder.js';
import { decodeHeartRateMeasurement } from './heart-rate.js';

describe('Heart Rate Measurement', () => {
  it('reads an 8-bit value with no contact support', () => {
    expect(decodeHeartRateMeasurement(Uint8Array.of(0x00, 72))).toEqual({
      ok: true,
      value: { flags: 0, heartRateBpm: 72, sensorContact: 'not_supported', rrIntervalsS: [] },
    });
  });

  it('reads a 16-bit value', () => {
    const r = decodeHeartRateMeasurement(new FrameBuilder().u8(0x01).u16(300).bytes());
    expect(r.ok && r.value.heartRateBpm).toBe(300);
  });

  it.each([
    [0b000, 'not_supported'],
    [0b010, 'not_supported'],
    [0b100, 'not_detected'],
    [0b110, 'detected'],
  ])('reads contact bits %i as %s', (bits, contact) => {
    const r = decodeHeartRateMeasurement(Uint8Array.of(bits, 60));
    expect(r.ok && r.value.sensorContact).toBe(contact);
  });

  it('reads energy expended and any number of RR intervals in 1/1024 s', () => {
    const frame = new FrameBuilder().u8(0x19).u16(140).u16(523).u16(1024).u16(512).u16(768).bytes();
    expect(decodeHeartRateMeasurement(frame)).toEqual({
      ok: true,
      value: {
        flags: 0x19,
        heartRateBpm: 140,
        sensorContact: 'not_supported',
        energyExpendedKJ: 523,
        rrIntervalsS: [1, 0.5, 0.75],
      },
    });
  });

  it('accepts the RR flag with no intervals', () => {
    const r = decodeHeartRateMeasurement(Uint8Array.of(0x10, 60));
    expect(r.ok && r.value.rrIntervalsS).toEqual([]);
  });

  it('rejects short values and an odd RR byte', () => {
    const code = (frame: Uint8Array): string | null => {
      const r = decodeHeartRateMeasurement(frame);
      return r.ok ? null : r.error.code;
    };
    expect(code(new Uint8Array(0))).toBe('too_short');
    expect(code(Uint8Array.of(0x00))).toBe('too_short');
    expect(code(Uint8Array.of(0x01, 60))).toBe('too_short');
    expect(code(Uint8Array.of(0x08, 60, 1))).toBe('too_short');
    expect(code(Uint8Array.of(0x10, 60, 0x00, 0x04, 0x01))).toBe('malformed');
  });
});
