import { describe, expect, it } from 'vitest';
import { averagePowerBetweenEvents } from './accumulated-power.js';
import { decodeAntPowerOnly } from './bicycle-power.js';

describe('ANT+ power-only page 16', () => {
  it('decodes every field', () => {
    // Event 9, pedal 0xB2 = right pedal 50 %, 88 rpm, accumulated 0x1234, instantaneous 0x0104.
    expect(decodeAntPowerOnly(Uint8Array.of(0x10, 9, 0xb2, 88, 0x34, 0x12, 0x04, 0x01))).toEqual({
      ok: true,
      value: {
        page: 0x10,
        updateEventCount: 9,
        pedalPower: { percent: 50, rightPedal: true },
        cadenceRpm: 88,
        accumulatedPowerW: 0x1234,
        instantaneousPowerW: 260,
      },
    });
  });

  it('reads an unknown-pedal contribution, and "not used" and invalid cadence as null', () => {
    const unknownPedal = decodeAntPowerOnly(Uint8Array.of(0x10, 0, 0x32, 0xff, 0, 0, 0, 0));
    expect(unknownPedal.ok && unknownPedal.value).toMatchObject({
      pedalPower: { percent: 50, rightPedal: false },
      cadenceRpm: null,
    });
    const notUsed = decodeAntPowerOnly(Uint8Array.of(0x10, 0, 0xff, 0, 0, 0, 0, 0));
    expect(notUsed.ok && notUsed.value.pedalPower).toBeNull();
    const overHundred = decodeAntPowerOnly(Uint8Array.of(0x10, 0, 0xe5, 0, 0, 0, 0, 0));
    expect(overHundred.ok && overHundred.value.pedalPower).toBeNull();
  });

  it('averages power between events across both rollovers', () => {
    const a = decodeAntPowerOnly(Uint8Array.of(0x10, 255, 0xff, 90, 0xdc, 0xff, 200, 0));
    // 255 -> 3 is 4 events; 0xFFDC (65500) -> 500 is +536 W: 134 W average.
    const b = decodeAntPowerOnly(Uint8Array.of(0x10, 3, 0xff, 90, 0xf4, 0x01, 130, 0));
    if (!a.ok || !b.ok) throw new Error('decode failed');
    expect(averagePowerBetweenEvents(a.value, b.value)).toBe(134);
  });

  it('returns null when the event count did not move (a repeated page)', () => {
    const counters = { updateEventCount: 7, accumulatedPowerW: 1000 };
    expect(averagePowerBetweenEvents(counters, { ...counters })).toBeNull();
  });

  it('rejects short pages and other pages', () => {
    const short = decodeAntPowerOnly(Uint8Array.of(0x10, 0, 0, 0));
    expect(short.ok ? null : short.error.code).toBe('too_short');
    const other = decodeAntPowerOnly(Uint8Array.of(0x12, 0, 0, 0, 0, 0, 0, 0));
    expect(other.ok ? null : other.error.code).toBe('unexpected_page');
  });
});
