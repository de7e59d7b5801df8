import { describe, expect, it } from 'vitest';
import {
  addSample,
  bytesPerSecond,
  formatBytes,
  formatSpeed,
  formatTimeLeft,
  type Sample,
} from './speed';

describe('upload speed', () => {
  it('averages over the last 3 seconds', () => {
    let samples: Sample[] = [];
    for (const [atMs, bytes] of [
      [0, 0],
      [1000, 1_000_000],
      [2000, 2_000_000],
      [3000, 3_000_000],
      [4000, 7_000_000],
    ] as const) {
      samples = addSample(samples, { atMs, bytes });
    }
    expect(samples.map((s) => s.atMs)).toEqual([1000, 2000, 3000, 4000]);
    expect(bytesPerSecond(samples)).toBe(2_000_000);
  });

  it('keeps two samples after a long stall', () => {
    const samples = addSample([{ atMs: 0, bytes: 0 }], { atMs: 10_000, bytes: 5_000_000 });
    expect(bytesPerSecond(samples)).toBe(500_000);
  });

  it('has no rate before time has passed', () => {
    expect(bytesPerSecond([])).toBeNull();
    expect(bytesPerSecond([{ atMs: 5, bytes: 10 }])).toBeNull();
    expect(
      bytesPerSecond([
        { atMs: 5, bytes: 10 },
        { atMs: 5, bytes: 20 },
      ]),
    ).toBeNull();
  });

  it('never goes negative when a retry starts a file over', () => {
    expect(
      bytesPerSecond([
        { atMs: 0, bytes: 100 },
        { atMs: 1000, bytes: 0 },
      ]),
    ).toBe(0);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.00 kB'],
    [12_345, '12.3 kB'],
    [740_000, '740 kB'],
    [1_500_000_000, '1.50 GB'],
    [5_000_000_000_000_000, '5000 TB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('prints a speed, or an ellipsis while unknown', () => {
    expect(formatSpeed(2_400_000)).toBe('2.40 MB/s');
    expect(formatSpeed(null)).toBe('…');
  });

  it('estimates the time left', () => {
    expect(formatTimeLeft(45_000_000, 1_000_000)).toBe('45 s');
    expect(formatTimeLeft(180_000_000, 1_000_000)).toBe('3 min');
    expect(formatTimeLeft(3_900_000_000, 1_000_000)).toBe('1 h 05 min');
    expect(formatTimeLeft(1000, null)).toBeNull();
    expect(formatTimeLeft(1000, 0)).toBeNull();
  });
});
