import { describe, expect, it } from 'vitest';
import { asDataView, ByteReader } from './bytes.js';
import { RolloverAccumulator, rolloverDelta } from './rollover.js';
import { roundHalfAway, toRaw } from './scale.js';

describe('rolloverDelta', () => {
  it.each([
    [10, 15, 256, 5],
    [250, 4, 256, 10],
    [65535, 0, 65536, 1],
    [65000, 200, 65536, 736],
    [0xffffffff, 2, 0x100000000, 3],
    [7, 7, 256, 0],
  ])('from %i to %i mod %i is %i', (a, b, m, d) => {
    expect(rolloverDelta(a, b, m)).toBe(d);
  });
});

describe('RolloverAccumulator', () => {
  it('unwraps FE-C distance across 256 m', () => {
    const acc = new RolloverAccumulator(256);
    const totals = [240, 250, 4, 30, 255, 1].map((raw) => acc.add(raw));
    expect(totals).toEqual([0, 10, 20, 46, 271, 273]);
    acc.reset();
    expect(acc.add(100)).toBe(0);
  });
});

describe('scaling', () => {
  it('rounds halves away from zero without -0', () => {
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(Object.is(roundHalfAway(-0.2), 0)).toBe(true);
  });
  it('clamps, treats NaN as 0 and clamps infinities', () => {
    expect(toRaw(1.234, 0.01, -100, 100)).toBe(100);
    expect(toRaw(Number.NaN, 0.01, -5, 5)).toBe(0);
    expect(toRaw(-Infinity, 1, -5, 5)).toBe(-5);
  });
});

describe('byte input', () => {
  it('reads a Uint8Array that is a window onto a larger buffer', () => {
    const backing = Uint8Array.of(0xaa, 0x34, 0x12, 0xbb);
    const view = asDataView(backing.subarray(1, 3));
    expect(view.byteLength).toBe(2);
    expect(new ByteReader(view).u16()).toBe(0x1234);
  });
});
