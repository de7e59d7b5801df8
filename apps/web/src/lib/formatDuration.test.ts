import { describe, expect, it } from 'vitest';
import { formatBadgeDuration } from './formatDuration';

describe('duration badge', () => {
  it.each([
    [1930, '32:10'],
    [59, '0:59'],
    [600, '10:00'],
    [3725, '1:02:05'],
    [-5, '0:00'],
    [90.7, '1:30'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatBadgeDuration(seconds)).toBe(text);
  });
});
