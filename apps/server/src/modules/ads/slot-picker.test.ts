import { describe, expect, it } from 'vitest';
import { slotPicker } from './slot-picker.js';
import { testAd } from './test-ads.js';

const ad = testAd;
const now = new Date('2026-06-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('slotPicker', () => {
  it('gives each ad its share of [0, 1) by weight', () => {
    const picker = slotPicker([ad({ id: 1, weight: 1 }), ad({ id: 2, weight: 3 })]);
    expect(picker.pick(now, () => 0)?.id).toBe(1);
    expect(picker.pick(now, () => 0.2499)?.id).toBe(1);
    expect(picker.pick(now, () => 0.25)?.id).toBe(2);
    expect(picker.pick(now, () => 0.9999999)?.id).toBe(2);
  });

  it('answers null with nothing to pick, and skips weightless ads', () => {
    expect(slotPicker([]).pick(now, () => 0.5)).toBeNull();
    expect(slotPicker([ad({ weight: 0 })]).pick(now, () => 0.5)).toBeNull();
    const picker = slotPicker([ad({ id: 7, weight: 0 }), ad({ id: 8, weight: 2 })]);
    expect(picker.pick(now, () => 0)?.id).toBe(8);
  });

  it('follows the weights over many picks', () => {
    const picker = slotPicker([ad({ id: 1, weight: 1 }), ad({ id: 2, weight: 3 })]);
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    let heavy = 0;
    for (let i = 0; i < 4000; i += 1) if (picker.pick(now, random)?.id === 2) heavy += 1;
    expect(heavy / 4000).toBeGreaterThan(0.7);
    expect(heavy / 4000).toBeLessThan(0.8);
  });

  it('never picks an ad past its end or before its start, as time passes', () => {
    const picker = slotPicker([
      ad({ id: 1, weight: 100, endsAt: later(1000) }),
      ad({ id: 2, weight: 1 }),
      ad({ id: 3, weight: 100, startsAt: later(5000) }),
    ]);
    expect(picker.pick(now, () => 0)?.id).toBe(1);
    // At its end (exclusive) the ending ad is gone, before the next one starts.
    expect(picker.pick(later(1000), () => 0)?.id).toBe(2);
    expect(picker.pick(later(4999), () => 0.99)?.id).toBe(2);
    expect(picker.pick(later(5000), () => 0.99)?.id).toBe(3);
    // A clock set back builds again for its own moment.
    expect(picker.pick(now, () => 0)?.id).toBe(1);
  });
});
