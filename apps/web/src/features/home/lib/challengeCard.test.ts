import { describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES, type ChallengeType, type UnitSystem } from '@ridealong/contracts';
import { fixtureChallenge, fixtureRace, fixtureRaceChallenge } from './challengeFixtures';
import {
  challengeGoal,
  challengeSubtitle,
  raceHasSlope,
  raceSeconds,
  shortDate,
} from './challengeCard';

describe('challengeGoal', () => {
  it('reads the goal of {"goal": n}', () => {
    expect(challengeGoal('{"goal":60}')).toBe(60);
    expect(challengeGoal('{"goal":12.5}')).toBe(12.5);
  });

  it.each([
    '{"video_subset":["a","b","c"]}',
    '{"goal":"60"}',
    '{"goal":0}',
    'null',
    'not json',
    '',
  ])('has none in %j', (payload) => expect(challengeGoal(payload)).toBeNull());
});

describe('shortDate', () => {
  it('names the month and the day', () => {
    expect(shortDate('2025-12-31')).toBe('Dec 31');
    expect(shortDate('2026-01-05')).toBe('Jan 5');
  });
});

describe('challengeSubtitle', () => {
  it('is the spec sentence for race-based challenges', () => {
    expect(challengeSubtitle(fixtureRaceChallenge(1), 'metric')).toBe(
      CHALLENGE_MESSAGES.raceSubtitle,
    );
    expect(CHALLENGE_MESSAGES.raceSubtitle).toBe('Ride all 3 videos to complete this challenge!');
  });

  it('names the goal in its unit and the end date', () => {
    const sub = (challenge_type: ChallengeType, goal: number, system: UnitSystem = 'imperial') =>
      challengeSubtitle(
        fixtureChallenge(1, { challenge_type, goal_payload: JSON.stringify({ goal }) }),
        system,
      );
    expect(sub('TIME_BASED', 60)).toBe('Ride 60 mins before Dec 31.');
    expect(sub('DISTANCE_BASED', 100)).toBe('Ride 100 mi before Dec 31.');
    expect(sub('DISTANCE_BASED', 1500)).toBe('Ride 1,500 mi before Dec 31.');
    expect(sub('DISTANCE_BASED', 100, 'metric')).toBe('Ride 160.9 km before Dec 31.');
    expect(sub('TIME_BASED', 60, 'metric')).toBe('Ride 60 mins before Dec 31.');
    expect(sub('POWER_BASED', 200)).toBe('Ride at 200 avg. watts before Dec 31.');
    expect(sub('UPLOAD_BASED', 3)).toBe('Upload 3 videos before Dec 31.');
    expect(sub('UPLOAD_BASED', 1)).toBe('Upload 1 video before Dec 31.');
    expect(sub('RIDE_BASED', 20)).toBe('Finish 20 rides before Dec 31.');
  });

  it('still says when it ends without a readable goal', () => {
    expect(challengeSubtitle(fixtureChallenge(1, { goal_payload: '{}' }), 'imperial')).toBe(
      'Ends Dec 31.',
    );
  });
});

describe('race videos', () => {
  it('adds their durations and sees slope data on any of them', () => {
    const race = fixtureRaceChallenge(1);
    expect(raceSeconds(race)).toBe(5400);
    expect(raceHasSlope(race)).toBe(true);
    const flat = fixtureRaceChallenge(2, { videos: [fixtureRace(21), fixtureRace(22)] });
    expect(raceHasSlope(flat)).toBe(false);
    expect(raceSeconds(fixtureChallenge(3))).toBe(0);
  });
});
