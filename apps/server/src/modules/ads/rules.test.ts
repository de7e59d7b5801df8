import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { daysBefore, fillDays, utcDay, viewerHash, viewerKey, withinDates } from './rules.js';
import { testAd } from './test-ads.js';

const ad = testAd;

describe('dates', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('serves from the start up to (not at) the end', () => {
    expect(withinDates(ad({ startsAt: now }), now)).toBe(true);
    expect(withinDates(ad({ startsAt: new Date(now.getTime() + 1) }), now)).toBe(false);
    expect(withinDates(ad({ endsAt: now }), now)).toBe(false);
    expect(withinDates(ad({ endsAt: new Date(now.getTime() + 1) }), now)).toBe(true);
  });
});

describe('viewer hashes', () => {
  const salt = Buffer.alloc(32, 7);
  it('is sha256(salt || key): the same viewer and day hash alike, another salt differs', () => {
    const key = viewerKey(42, '10.0.0.1', 'UA');
    expect(key).toBe('member:42');
    expect(viewerHash(salt, key)).toEqual(
      createHash('sha256')
        .update(Buffer.concat([salt, Buffer.from(key)]))
        .digest(),
    );
    expect(viewerHash(salt, key)).toEqual(viewerHash(salt, 'member:42'));
    expect(viewerHash(Buffer.alloc(32, 8), key)).not.toEqual(viewerHash(salt, key));
  });
  it('tells guests apart by address and browser', () => {
    const a = viewerKey(null, '10.0.0.1', 'Firefox');
    expect(a).not.toBe(viewerKey(null, '10.0.0.1', 'Chrome'));
    expect(a).not.toBe(viewerKey(null, '10.0.0.2', 'Firefox'));
    expect(viewerHash(salt, a)).toHaveLength(32);
  });
});

describe('days', () => {
  it('names UTC days and fills the missing ones with zeros, newest first', () => {
    expect(utcDay(new Date('2026-03-01T23:59:59-05:00'))).toBe('2026-03-02');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(fillDays([{ day: '2026-02-28', impressions: 2, clicks: 1 }], '2026-03-01', 3)).toEqual([
      { day: '2026-03-01', impressions: 0, clicks: 0 },
      { day: '2026-02-28', impressions: 2, clicks: 1 },
      { day: '2026-02-27', impressions: 0, clicks: 0 },
    ]);
  });
});
