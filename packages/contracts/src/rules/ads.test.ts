import { describe, expect, it } from 'vitest';
import { servesAds } from './ads.js';
import { adInputSchema, adLinkSchema } from '../schemas/ads.js';

const now = new Date('2026-11-27T12:00:00Z');
const later = '2026-12-27T12:00:00Z';
const earlier = '2026-10-27T12:00:00Z';

describe('servesAds', () => {
  it('serves guests, free, payment_failed and cancelled members', () => {
    expect(servesAds(null, now)).toBe(true);
    for (const level of ['free', 'payment_failed', 'cancelled'] as const)
      expect(servesAds({ account_level: level }, now)).toBe(true);
  });

  it('never serves trial, Core, Pro or complimentary access in force', () => {
    for (const level of ['trial', 'core', 'pro'] as const)
      expect(servesAds({ account_level: level }, now)).toBe(false);
    expect(
      servesAds(
        { account_level: 'free', complimentary_access: true, current_period_end_date: later },
        now,
      ),
    ).toBe(false);
    // A lapsed grant is a free member again.
    expect(
      servesAds(
        { account_level: 'free', complimentary_access: true, current_period_end_date: earlier },
        now,
      ),
    ).toBe(true);
  });

  it('keeps a cancelled plan ad-free until its paid period ends', () => {
    const cancelled = {
      account_level: 'cancelled_period_not_over',
      previous_account_level: 'core',
    } as const;
    expect(servesAds({ ...cancelled, current_period_end_date: later }, now)).toBe(false);
    expect(servesAds({ ...cancelled, current_period_end_date: earlier }, now)).toBe(true);
  });
});

describe('adLinkSchema', () => {
  it('takes absolute http(s) links only', () => {
    expect(adLinkSchema.safeParse('https://shop.example/bikes?x=1').success).toBe(true);
    expect(adLinkSchema.safeParse('http://example.org').success).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,hi',
      '/pricing',
      '//evil.example',
      'ftp://x.example',
      'https://',
    ])
      expect(adLinkSchema.safeParse(bad).success).toBe(false);
  });
});

describe('adInputSchema', () => {
  const ad = {
    title: 'Winter kit',
    link_url: 'https://shop.example',
    slot: 'videos',
    starts_at: '2026-11-01T00:00:00Z',
    ends_at: '2026-12-01T00:00:00Z',
    weight: 10,
    active: true,
  };
  it('takes a whole ad and refuses an end before the start, odd weights and extra fields', () => {
    expect(adInputSchema.safeParse(ad).success).toBe(true);
    expect(adInputSchema.safeParse({ ...ad, ends_at: '2026-10-01T00:00:00Z' }).success).toBe(false);
    expect(adInputSchema.safeParse({ ...ad, weight: 0 }).success).toBe(false);
    expect(adInputSchema.safeParse({ ...ad, weight: 1e9 }).success).toBe(false);
    expect(adInputSchema.safeParse({ ...ad, slot: 'ride' }).success).toBe(false);
    expect(adInputSchema.safeParse({ ...ad, impressions: 5 }).success).toBe(false);
  });
});
