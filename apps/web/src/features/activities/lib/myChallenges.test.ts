import { describe, expect, it } from 'vitest';
import { userChallengeSchema } from '@ridealong/contracts';
import { myChallengeRows, type StoredUserChallenge } from './myChallenges';

const joined = (fields: Partial<StoredUserChallenge> & { current_total?: number } = {}) => {
  const { current_total = 0, ...rest } = fields;
  return userChallengeSchema.parse({
    challenge_id: 4,
    title: 'Winter Hours',
    challenge_type: 'TIME_BASED',
    complete: false,
    completion_percent: 0,
    status_data: { status: { current_total, average_power: 0, videosWatched: [] } },
    ...rest,
  });
};

describe('myChallengeRows', () => {
  it('is empty without challenges', () => {
    expect(myChallengeRows(undefined, 'imperial')).toEqual([]);
    expect(myChallengeRows([], 'metric')).toEqual([]);
  });

  it('gives each challenge its link, progress, status text and total', () => {
    expect(
      myChallengeRows([joined({ completion_percent: 0.25, current_total: 75 })], 'metric'),
    ).toEqual([
      {
        id: 4,
        title: 'Winter Hours',
        to: '/challenge/4',
        percent: 25,
        complete: false,
        statusText: 'Off to a good start!',
        totalText: '75 mins',
      },
    ]);
  });

  it('follows the status text at 0, 0.5 and 1', () => {
    const rows = myChallengeRows(
      [
        joined({ completion_percent: 0 }),
        joined({ completion_percent: 0.5 }),
        joined({ completion_percent: 1, complete: true }),
      ],
      'imperial',
    );
    expect(rows.map((r) => r.statusText)).toEqual([
      'Not started yet: ride to make progress.',
      'More than halfway there. Keep going!',
      'Challenge complete!',
    ]);
    expect(rows.map((r) => r.complete)).toEqual([false, false, true]);
  });

  it('counts race videos out of 3 and rounds totals', () => {
    const [race, distance] = myChallengeRows(
      [
        joined({ challenge_type: 'RACE_BASED', completion_percent: 2 / 3, current_total: 2 }),
        joined({
          challenge_type: 'DISTANCE_BASED',
          completion_percent: 0.124,
          current_total: 12.437,
        }),
      ],
      'imperial',
    );
    expect(race?.totalText).toBe('2 of 3 videos');
    expect(race?.percent).toBe(67);
    expect(distance?.totalText).toBe('12.4 mi');
  });

  it('shows a distance total (miles, as stored) in km to a metric member', () => {
    const [distance] = myChallengeRows(
      [
        joined({
          challenge_type: 'DISTANCE_BASED',
          completion_percent: 0.1,
          current_total: 12.437,
        }),
      ],
      'metric',
    );
    expect(distance?.totalText).toBe('20 km');
  });

  it('bears a stored copy from before status_data and out-of-range numbers', () => {
    const old: StoredUserChallenge = {
      challenge_id: 9,
      title: 'Old',
      challenge_type: 'RIDE_BASED',
      complete: false,
      completion_percent: 1.4,
    };
    expect(myChallengeRows([old], 'metric')[0]).toMatchObject({
      percent: 100,
      complete: true,
      totalText: '0 rides',
    });
  });
});
