import { describe, expect, it } from 'vitest';
import {
  MIN_RENEW_INTERVAL_MS,
  msUntilRenewal,
  playbackRefetchInterval,
  playbackStaleTime,
  RENEW_BEFORE_MS,
} from './playbackExpiry';

const NOW = Date.parse('2030-01-01T00:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const in6h = '2030-01-01T06:00:00.000Z';

describe('msUntilRenewal', () => {
  it('is the time left before the URLs expire, less the renewal margin', () => {
    expect(msUntilRenewal(in6h, NOW)).toBe(6 * HOUR - RENEW_BEFORE_MS);
  });

  it('is 0 within the margin or past the expiry', () => {
    expect(msUntilRenewal(in6h, Date.parse(in6h) - 60_000)).toBe(0);
    expect(msUntilRenewal(in6h, Date.parse(in6h) + HOUR)).toBe(0);
  });

  it('is null without a usable expiry', () => {
    expect(msUntilRenewal(undefined, NOW)).toBeNull();
    expect(msUntilRenewal('not a date', NOW)).toBeNull();
  });
});

describe('playbackStaleTime', () => {
  it('keeps the URLs fresh until renewal time, stale without an expiry', () => {
    expect(playbackStaleTime(in6h, NOW)).toBe(6 * HOUR - RENEW_BEFORE_MS);
    expect(playbackStaleTime(undefined, NOW)).toBe(0);
  });
});

describe('playbackRefetchInterval', () => {
  it('refetches by itself at renewal time', () => {
    expect(playbackRefetchInterval(in6h, NOW)).toBe(6 * HOUR - RENEW_BEFORE_MS);
  });

  it('waits at least the minimum once renewal time has passed (a failing refetch)', () => {
    expect(playbackRefetchInterval(in6h, Date.parse(in6h))).toBe(MIN_RENEW_INTERVAL_MS);
  });

  it('sets no timer without an expiry', () => {
    expect(playbackRefetchInterval(undefined, NOW)).toBe(false);
    expect(playbackRefetchInterval('soon', NOW)).toBe(false);
  });
});
