import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.js';

describe('retryDelayMs', () => {
  it('doubles from the base after each attempt', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
  });

  it('is capped and never negative', () => {
    expect(retryDelayMs(40, 30_000)).toBe(3_600_000);
    expect(retryDelayMs(0, 1000)).toBe(1000);
    expect(retryDelayMs(5, 1000, 5000)).toBe(5000);
  });
});
