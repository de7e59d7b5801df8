import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  isTransientStatus,
  retriesToCap,
  retryDelayMs,
  type RetryPolicy,
} from './retryPolicy';

const middle = () => 0.5;
const noJitter: RetryPolicy = { ...DEFAULT_RETRY_POLICY, jitter: 0 };

describe('retryDelayMs', () => {
  it('starts at 0.5 s and doubles up to the 8 s cap', () => {
    const delays = [0, 1, 2, 3, 4, 5, 20].map((n) => retryDelayMs(n, noJitter));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('with the middle random value, the jittered delay equals the plain one', () => {
    expect(retryDelayMs(2, DEFAULT_RETRY_POLICY, middle)).toBe(2000);
  });

  it('jitter moves the delay by at most half either way', () => {
    expect(retryDelayMs(0, DEFAULT_RETRY_POLICY, () => 0)).toBe(250);
    expect(retryDelayMs(0, DEFAULT_RETRY_POLICY, () => 0.999999)).toBe(750);
    expect(retryDelayMs(10, DEFAULT_RETRY_POLICY, () => 0.999999)).toBe(12000);
  });

  it('treats odd attempt numbers as the nearest sensible step', () => {
    expect(retryDelayMs(-3, noJitter)).toBe(500);
    expect(retryDelayMs(1.7, noJitter)).toBe(1000);
    expect(retryDelayMs(10_000, noJitter)).toBe(8000);
  });
});

describe('isTransientStatus', () => {
  it('retries a failed connection, timeouts, 429 and server errors', () => {
    for (const status of [null, 408, 429, 500, 502, 503, 504]) {
      expect(isTransientStatus(status)).toBe(true);
    }
  });

  it('does not retry other client errors', () => {
    for (const status of [400, 401, 403, 404, 409, 410, 422]) {
      expect(isTransientStatus(status)).toBe(false);
    }
  });
});

describe('retriesToCap', () => {
  it('counts the doublings from 0.5 s to 8 s', () => {
    expect(retriesToCap()).toBe(4);
  });

  it('is 0 for a policy that does not grow', () => {
    expect(retriesToCap({ ...DEFAULT_RETRY_POLICY, factor: 1 })).toBe(0);
  });
});
