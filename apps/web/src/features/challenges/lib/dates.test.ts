import { describe, expect, it } from 'vitest';
import { challengeTiming, dateRange } from './dates';

describe('dateRange', () => {
  it('says a range once per shared month and year', () => {
    expect(dateRange('2025-12-01', '2025-12-31')).toBe('Dec 1 – 31, 2025');
    expect(dateRange('2025-11-15', '2025-12-31')).toBe('Nov 15 – Dec 31, 2025');
    expect(dateRange('2025-12-15', '2026-01-05')).toBe('Dec 15, 2025 – Jan 5, 2026');
    expect(dateRange('2025-12-15', '2025-12-15')).toBe('Dec 15, 2025');
  });
});

describe('challengeTiming', () => {
  const c = { start_date: '2025-12-10', end_date: '2025-12-20', active: true };
  const at = (iso: string) => new Date(iso).getTime();

  it('counts down to the start of an upcoming challenge', () => {
    expect(challengeTiming(c, at('2025-12-07T12:00:00Z'))).toEqual({
      phase: 'upcoming',
      text: 'Starts in 3 days',
    });
  });

  it('counts down to the end of its end date (UTC)', () => {
    expect(challengeTiming(c, at('2025-12-10T00:00:00Z')).text).toBe('Ends in 11 days');
    expect(challengeTiming(c, at('2025-12-20T08:00:00Z')).text).toBe('Ends today');
  });

  it('has ended at the next day, or when switched off', () => {
    expect(challengeTiming(c, at('2025-12-21T00:00:00Z')).phase).toBe('ended');
    expect(challengeTiming({ ...c, active: false }, at('2025-12-12T00:00:00Z')).text).toBe('Ended');
  });
});
