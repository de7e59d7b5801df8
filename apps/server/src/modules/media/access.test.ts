import type { AccountLevel } from '@ridealong/contracts';
import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, mediaAccess, planTier, samplerMonthOf, type Viewer } from './access.js';

const NOW = new Date('2026-03-15T12:00:00Z');
const OWNER = 1;
const viewer = (accountLevel: AccountLevel, extra: Partial<Viewer> = {}): Viewer => ({
  id: 2,
  admin: false,
  accountLevel,
  previousAccountLevel: null,
  currentPeriodEndDate: null,
  ...extra,
});
const race = (extra: { exclusive?: boolean; samplerMonth?: string | null } = {}) => ({
  userId: OWNER,
  exclusive: extra.exclusive ?? false,
  samplerMonth: extra.samplerMonth ?? null,
});
const full = (v: Viewer | null, r = race()) => mediaAccess(v, r, 'full', NOW);
const quality = (v: Viewer | null, r = race()) => {
  const a = full(v, r);
  return a.allowed ? a.quality : null;
};

describe('mediaAccess: whole videos by plan', () => {
  it('Pro: HD, exclusive videos included', () => {
    expect(full(viewer('pro'))).toEqual({ allowed: true, quality: 'hd', maxSeconds: null });
    expect(quality(viewer('pro'), race({ exclusive: true }))).toBe('hd');
  });

  it('Core and trial: SD, not exclusive videos', () => {
    for (const level of ['core', 'trial'] as const) {
      expect(quality(viewer(level))).toBe('sd');
      expect(full(viewer(level), race({ exclusive: true }))).toEqual({
        allowed: false,
        message: ACCESS_MESSAGES.exclusive,
      });
    }
  });

  it('Free, payment_failed, cancelled and guests: nothing but this month’s samplers (SD)', () => {
    for (const v of [viewer('free'), viewer('payment_failed'), viewer('cancelled'), null]) {
      expect(full(v).allowed).toBe(false);
      expect(quality(v, race({ samplerMonth: '2026-03' }))).toBe('sd');
      expect(full(v, race({ samplerMonth: '2026-02' })).allowed).toBe(false);
    }
    expect(full(viewer('free'))).toEqual({ allowed: false, message: ACCESS_MESSAGES.plan });
    expect(full(null)).toEqual({ allowed: false, message: ACCESS_MESSAGES.guest });
    // Samplers are for every level, exclusive or not; Pro still gets HD.
    expect(quality(viewer('core'), race({ exclusive: true, samplerMonth: '2026-03' }))).toBe('sd');
    expect(quality(viewer('pro'), race({ samplerMonth: '2026-03' }))).toBe('hd');
  });

  it('a cancelled plan keeps its features until the paid period ends', () => {
    const later = new Date('2026-04-01T00:00:00Z');
    const earlier = new Date('2026-03-01T00:00:00Z');
    const cancelled = (previous: AccountLevel, end: Date) =>
      viewer('cancelled_period_not_over', {
        previousAccountLevel: previous,
        currentPeriodEndDate: end,
      });
    expect(quality(cancelled('pro', later), race({ exclusive: true }))).toBe('hd');
    expect(quality(cancelled('core', later))).toBe('sd');
    expect(full(cancelled('pro', earlier)).allowed).toBe(false);
    expect(planTier(cancelled('pro', earlier), NOW)).toBe('none');
    expect(planTier(viewer('cancelled_period_not_over'), NOW)).toBe('none');
  });

  it('the owner and admins: HD, whatever their plan', () => {
    expect(quality({ ...viewer('free'), id: OWNER }, race({ exclusive: true }))).toBe('hd');
    expect(quality(viewer('free', { admin: true }), race({ exclusive: true }))).toBe('hd');
  });
});

describe('mediaAccess: previews', () => {
  it('everyone gets the first 600 s, exclusive videos included, SD unless the plan gives more', () => {
    for (const v of [null, viewer('free'), viewer('payment_failed'), viewer('core')]) {
      expect(mediaAccess(v, race({ exclusive: true }), 'preview', NOW)).toEqual({
        allowed: true,
        quality: 'sd',
        maxSeconds: 600,
      });
    }
    expect(mediaAccess(viewer('pro'), race(), 'preview', NOW)).toEqual({
      allowed: true,
      quality: 'hd',
      maxSeconds: 600,
    });
  });
});

describe('samplerMonthOf', () => {
  it('is the UTC month', () => {
    expect(samplerMonthOf(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12');
    expect(samplerMonthOf(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01');
  });
});
