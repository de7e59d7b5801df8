import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { ApiError } from './api';
import { isTransientFailure, OUTAGE_QUERY_RETRIES, outageRetry } from './queryRetry';

describe('isTransientFailure', () => {
  it('retries a failed connection and server errors', () => {
    expect(isTransientFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransientFailure(new ApiError(502, 'Bad Gateway'))).toBe(true);
    expect(isTransientFailure(new ApiError(503, 'Service Unavailable'))).toBe(true);
  });

  it('does not retry 4xx answers or broken contracts', () => {
    expect(isTransientFailure(new ApiError(404, 'Not found'))).toBe(false);
    expect(isTransientFailure(new ApiError(403, 'Forbidden'))).toBe(false);
    expect(isTransientFailure(new ApiError(409, 'Not ready'))).toBe(false);
    expect(isTransientFailure(new ZodError([]))).toBe(false);
  });
});

describe('outageRetry', () => {
  it('retries transient failures up to the outage limit', () => {
    const down = new TypeError('Failed to fetch');
    expect(outageRetry.retry(0, down)).toBe(true);
    expect(outageRetry.retry(OUTAGE_QUERY_RETRIES - 1, down)).toBe(true);
    expect(outageRetry.retry(OUTAGE_QUERY_RETRIES, down)).toBe(false);
    expect(outageRetry.retry(0, new ApiError(404, 'Not found'))).toBe(false);
  });

  it('waits with the backoff, never past the jittered cap', () => {
    for (let n = 0; n < 30; n += 1) {
      const delay = outageRetry.retryDelay(n);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(12_000);
    }
  });
});
