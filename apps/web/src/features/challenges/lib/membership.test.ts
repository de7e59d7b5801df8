import { describe, expect, it } from 'vitest';
import { challengeIdOf, membershipOf, sidebarChallenges } from './membership';
import { fixtureUserChallenge } from './testFixtures';

describe('membershipOf', () => {
  const mine = [fixtureUserChallenge(1, 0.2), fixtureUserChallenge(2, 1)];

  it('tells not joined, joined and completed apart', () => {
    expect(membershipOf(mine, 3)).toBe('none');
    expect(membershipOf(mine, 1)).toBe('joined');
    expect(membershipOf(mine, 2)).toBe('complete');
    expect(membershipOf(undefined, 1)).toBe('none');
  });
});

describe('sidebarChallenges', () => {
  it('keeps the first 5', () => {
    const many = [1, 2, 3, 4, 5, 6, 7].map((id) => fixtureUserChallenge(id, 0));
    expect(sidebarChallenges(many).map((c) => c.challenge_id)).toEqual([1, 2, 3, 4, 5]);
    expect(sidebarChallenges(undefined)).toEqual([]);
  });
});

describe('challengeIdOf', () => {
  it('accepts a positive whole number only', () => {
    expect(challengeIdOf('42')).toBe(42);
    expect(challengeIdOf('')).toBeNull();
    expect(challengeIdOf(undefined)).toBeNull();
    expect(challengeIdOf('0')).toBeNull();
    expect(challengeIdOf('abc')).toBeNull();
    expect(challengeIdOf('1.5')).toBeNull();
    expect(challengeIdOf('99999999999')).toBeNull();
  });
});
