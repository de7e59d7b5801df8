import { describe, expect, it } from 'vitest';
import { bucketOf, isTimeZone, localMidnight, periodStarts } from './periods.js';

const iso = (d: Date) => d.toISOString();

describe('periodStarts', () => {
  it('uses Monday weeks, calendar months and years in UTC', () => {
    // Sunday 2025-03-16 23:30 UTC: the week began on Monday the 10th.
    const s = periodStarts(new Date('2025-03-16T23:30:00Z'), 'UTC');
    expect(iso(s.week)).toBe('2025-03-10T00:00:00.000Z');
    expect(iso(s.month)).toBe('2025-03-01T00:00:00.000Z');
    expect(iso(s.year)).toBe('2025-01-01T00:00:00.000Z');
  });

  it('puts the boundary at local midnight of the zone', () => {
    // That same instant is already Monday the 17th in Paris (UTC+1 in March before DST).
    const s = periodStarts(new Date('2025-03-16T23:30:00Z'), 'Europe/Paris');
    expect(iso(s.week)).toBe('2025-03-16T23:00:00.000Z');
    expect(iso(s.month)).toBe('2025-02-28T23:00:00.000Z');
    expect(iso(s.year)).toBe('2024-12-31T23:00:00.000Z');
  });

  it('crosses DST changes and month ends going back to Monday', () => {
    // Wednesday 2025-04-02 in New York (EDT, UTC-4); Monday the 31st of March was EDT too,
    // and the year began in EST (UTC-5).
    const s = periodStarts(new Date('2025-04-02T12:00:00Z'), 'America/New_York');
    expect(iso(s.week)).toBe('2025-03-31T04:00:00.000Z');
    expect(iso(s.month)).toBe('2025-04-01T04:00:00.000Z');
    expect(iso(s.year)).toBe('2025-01-01T05:00:00.000Z');
    // Sunday 9 March, the day clocks went forward: its week began on Monday 3 March, in EST.
    expect(iso(periodStarts(new Date('2025-03-09T12:00:00Z'), 'America/New_York').week)).toBe(
      '2025-03-03T05:00:00.000Z',
    );
  });

  it('handles half-hour zones, which fall on 15-minute buckets', () => {
    const s = periodStarts(new Date('2025-06-15T10:00:00Z'), 'Asia/Kolkata');
    expect(iso(s.month)).toBe('2025-05-31T18:30:00.000Z');
    expect(bucketOf(s.month).getTime()).toBe(s.month.getTime());
    expect(iso(localMidnight(2025, 1, 1, 'Asia/Kathmandu'))).toBe('2024-12-31T18:15:00.000Z');
  });
});

describe('isTimeZone and bucketOf', () => {
  it('accepts IANA names and refuses anything else', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('rounds down to the quarter hour', () => {
    expect(iso(bucketOf(new Date('2025-01-01T10:44:59.999Z')))).toBe('2025-01-01T10:30:00.000Z');
  });
});
