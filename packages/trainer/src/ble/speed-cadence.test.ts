import { describe, expect, it } from 'vitest';
import { FrameBuilder, prefixes } from '../test-support/frame-builder.js';
import { decodeCscMeasurement } from './speed-cadence.js';

describe('CSC Measurement', () => {
  const both = new FrameBuilder()
    .u8(0x03)
    .u32(0xfffffff0)
    .u16(0xfc00)
    .u16(65530)
    .u16(0x0400)
    .bytes();

  it('reads wheel and crank data', () => {
    expect(decodeCscMeasurement(both)).toEqual({
      ok: true,
      value: {
        flags: 3,
        wheel: { revolutions: 0xfffffff0, eventTime: 0xfc00, ticksPerSecond: 1024 },
        crank: { revolutions: 65530, eventTime: 0x0400, ticksPerSecond: 1024 },
      },
    });
  });

  it('reads crank data alone at offset 1', () => {
    const r = decodeCscMeasurement(new FrameBuilder().u8(0x02).u16(12).u16(3456).bytes());
    expect(r.ok && r.value).toEqual({
      flags: 2,
      crank: { revolutions: 12, eventTime: 3456, ticksPerSecond: 1024 },
    });
  });

  it('rejects every truncation as too_short', () => {
    for (const short of prefixes(both)) {
      const r = decodeCscMeasurement(short);
      expect(r.ok ? null : r.error.code).toBe('too_short');
    }
  });
});
