import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.js';

const now = new Date('2026-11-23T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const H = 3_600_000;

describe('relativeTime', () => {
  it.each([
    [10_000, 'in a few seconds'],
    [5 * 60_000, 'in 5 minutes'],
    [H, 'in an hour'],
    [3 * H, 'in 3 hours'],
    [24 * H, 'in a day'],
    [14 * 24 * H, 'in 14 days'],
    [60 * 24 * H, 'in 2 months'],
    [365 * 24 * H, 'in a year'],
    [-2 * 24 * H, '2 days ago'],
  ])('%d ms from now reads %s', (ms, text) => {
    expect(relativeTime(later(ms), now)).toBe(text);
  });
  it('accepts ISO strings and says soon for nonsense', () => {
    expect(relativeTime(later(3 * H).toISOString(), now)).toBe('in 3 hours');
    expect(relativeTime('not a date', now)).toBe('soon');
  });
});
