import { describe, expect, it } from 'vitest';
import { memberSince } from './memberSince';

describe('memberSince', () => {
  it('gives the month and year of the created date', () => {
    expect(memberSince(new Date(2024, 2, 15).toISOString(), 'en-US')).toBe(
      'Member since March 2024',
    );
  });

  it('is null without a readable date', () => {
    expect(memberSince(undefined)).toBeNull();
    expect(memberSince('')).toBeNull();
    expect(memberSince('soon')).toBeNull();
  });
});
