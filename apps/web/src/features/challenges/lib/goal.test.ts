import { describe, expect, it } from 'vitest';
import {
  goalTarget,
  goalText,
  parseGoal,
  participantsText,
  percentText,
  progressLine,
  totalText,
} from './goal';
import { fixtureChallenge, fixtureRaceChallenge } from './testFixtures';

describe('parseGoal', () => {
  it('reads a goal or the race videos, and nothing else', () => {
    expect(parseGoal('{"goal": 100}')).toEqual({ kind: 'goal', goal: 100 });
    expect(parseGoal('{"video_subset": ["a", "b", "c"]}')).toEqual({
      kind: 'race',
      videos: ['a', 'b', 'c'],
    });
    expect(parseGoal('{"goal": 0}')).toBeNull();
    expect(parseGoal('not json')).toBeNull();
    expect(parseGoal('null')).toBeNull();
  });
});

describe('goal wording', () => {
  it('names the goal in its unit', () => {
    expect(goalText(fixtureChallenge(1), 'imperial')).toBe('Goal: 100 mi');
    expect(goalText(fixtureChallenge(1), 'metric')).toBe('Goal: 160.93 km');
    const time = fixtureChallenge(2, {
      challenge_type: 'TIME_BASED',
      goal_payload: '{"goal":300}',
    });
    expect(goalText(time, 'metric')).toBe('Goal: 300 mins');
    expect(goalText(fixtureRaceChallenge(3), 'metric')).toBe(
      'Ride all 3 videos to complete this challenge!',
    );
  });

  it('counts race-based progress out of 3 videos', () => {
    expect(goalTarget(fixtureRaceChallenge(3))).toBe(3);
    expect(progressLine(fixtureRaceChallenge(3), 2, 'metric')).toBe('2 of 3 videos');
  });

  it('shows miles to 2 decimals and watts whole', () => {
    expect(progressLine(fixtureChallenge(1), 12.345, 'imperial')).toBe('12.35 of 100 mi');
    expect(progressLine(fixtureChallenge(1), 12.345, 'metric')).toBe('19.87 of 160.93 km');
    const power = fixtureChallenge(2, {
      challenge_type: 'POWER_BASED',
      goal_payload: '{"goal":200}',
    });
    expect(progressLine(power, 181.6, 'metric')).toBe('182 of 200 avg. watts');
    expect(progressLine(fixtureChallenge(4, { goal_payload: '{}' }), 5, 'imperial')).toBe('5 mi');
    expect(totalText('DISTANCE_BASED', 62.137, 'metric')).toBe('100 km');
    expect(totalText('DISTANCE_BASED', 62.137, 'imperial')).toBe('62.14 mi');
  });

  it('says totals, percentages and participants plainly', () => {
    expect(totalText('RACE_BASED', 1, 'metric')).toBe('1/3 videos');
    expect(totalText('RIDE_BASED', 12, 'metric')).toBe('12 rides');
    expect(percentText(0.456)).toBe('46%');
    expect(percentText(1.4)).toBe('100%');
    expect(participantsText(1)).toBe('1 rider joined');
    expect(participantsText(1200)).toBe('1,200 riders joined');
  });
});
