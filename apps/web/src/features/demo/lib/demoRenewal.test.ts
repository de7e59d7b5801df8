import { describe, expect, it } from 'vitest';
import {
  demoRefetchInterval,
  MIN_REFETCH_MS,
  MISSING_VIDEO_REFETCH_MS,
  RENEW_BEFORE_MS,
} from './demoRenewal';

const now = Date.parse('2026-11-26T10:00:00Z');

describe('demoRefetchInterval', () => {
  it('renews the signed URLs a few minutes before they expire', () => {
    const expiresAt = new Date(now + 6 * 3_600_000).toISOString();
    expect(demoRefetchInterval({ expiresAt, failed: false, now })).toBe(
      6 * 3_600_000 - RENEW_BEFORE_MS,
    );
  });

  it('never asks in a tight loop for URLs already (nearly) expired', () => {
    const expiresAt = new Date(now - 1000).toISOString();
    expect(demoRefetchInterval({ expiresAt, failed: false, now })).toBe(MIN_REFETCH_MS);
  });

  it('looks for a missing demo video every minute', () => {
    expect(demoRefetchInterval({ expiresAt: undefined, failed: true, now })).toBe(
      MISSING_VIDEO_REFETCH_MS,
    );
    expect(demoRefetchInterval({ expiresAt: 'not a date', failed: false, now })).toBe(
      MISSING_VIDEO_REFETCH_MS,
    );
  });
});
