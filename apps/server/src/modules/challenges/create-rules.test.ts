import { describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES, type CreateChallenge } from '@ridealong/contracts';
import {
  draftChallenge,
  ENDED_FEATURED,
  GOAL_TOO_BIG,
  GOAL_TOO_SMALL,
  GOAL_WHOLE,
  IMAGE_NOT_WEB,
  parseRaceVideos,
} from './create-rules.js';

/** Before the June 2026 of `base`. */
const NOW = new Date('2026-05-15T12:00:00.000Z');

const base: CreateChallenge = {
  title: 'Ride 100 miles',
  description: 'A hundred miles in June.',
  start_date: '06-01-2026',
  end_date: '06-30-2026',
  challenge_type: 'distance',
  goal: 100,
  featured: false,
};

const message = (over: Partial<CreateChallenge>) => {
  const result = draftChallenge({ ...base, ...over }, NOW);
  return result.ok ? null : result.message;
};

describe('draftChallenge', () => {
  it('reads the admin fields: keyword, MM-DD-YYYY dates as a UTC window, the goal', () => {
    const result = draftChallenge({ ...base, image_url: '' }, NOW);
    expect(result).toEqual({
      ok: true,
      draft: {
        title: 'Ride 100 miles',
        description: 'A hundred miles in June.',
        startsAt: new Date('2026-06-01T00:00:00.000Z'),
        endsAt: new Date('2026-07-01T00:00:00.000Z'),
        challengeType: 'DISTANCE_BASED',
        goal: 100,
        videoSubset: [],
        imageUrl: null,
        featured: false,
      },
    });
    expect(draftChallenge({ ...base, goal: ' 12.5 ' }, NOW)).toMatchObject({
      draft: { goal: 12.5 },
    });
  });

  it('needs a known, case-sensitive keyword', () => {
    for (const challenge_type of [undefined, '', 'Race', 'RACE', ' race', 'distance ', 'swim']) {
      expect(message({ challenge_type }), String(challenge_type)).toBe(
        CHALLENGE_MESSAGES.missingType,
      );
    }
  });

  it('needs a positive goal within bounds for every type but race', () => {
    for (const goal of [undefined, '', 0, -5, '0', '-5', 'ten', '1e3', '0x10']) {
      expect(message({ goal }), String(goal)).toBe(CHALLENGE_MESSAGES.missingGoal);
    }
    expect(message({ goal: 1e308 })).toBe(GOAL_TOO_BIG);
    expect(message({ goal: '99999999999' })).toBe(GOAL_TOO_BIG);
    expect(message({ challenge_type: 'race', goal: undefined, videos: 'a,b,c' })).toBeNull();
  });

  it('needs a goal of at least 1, whole for rides and uploads', () => {
    expect(message({ goal: 1e-300 })).toBe(GOAL_TOO_SMALL);
    expect(message({ goal: '0.5' })).toBe(GOAL_TOO_SMALL);
    expect(message({ challenge_type: 'ride', goal: 2.5 })).toBe(GOAL_WHOLE);
    expect(message({ challenge_type: 'upload', goal: '3.5' })).toBe(GOAL_WHOLE);
    expect(message({ challenge_type: 'ride', goal: 20 })).toBeNull();
    expect(message({ challenge_type: 'time', goal: 2.5 })).toBeNull();
  });

  it('refuses to feature a challenge that is already over, and years past 2999', () => {
    expect(message({ featured: true })).toBeNull();
    expect(message({ featured: true, start_date: '01-01-2026', end_date: '05-14-2026' })).toBe(
      ENDED_FEATURED,
    );
    expect(message({ start_date: '01-01-2026', end_date: '05-14-2026' })).toBeNull();
    expect(message({ end_date: '12-31-9999' })).toBe(CHALLENGE_MESSAGES.badDate);
  });

  it('needs dates that exist, the end not before the start (one day is fine)', () => {
    expect(message({ start_date: '02-30-2026' })).toBe(CHALLENGE_MESSAGES.badDate);
    expect(message({ end_date: '13-01-2026' })).toBe(CHALLENGE_MESSAGES.badDate);
    expect(message({ end_date: '05-31-2026' })).toBe(CHALLENGE_MESSAGES.endBeforeStart);
    expect(message({ end_date: '06-01-2026' })).toBeNull();
  });

  it('takes web addresses only as the image', () => {
    expect(message({ image_url: 'https://cdn.example.com/a.png' })).toBeNull();
    for (const image_url of ['javascript:alert(1)', 'data:image/png;base64,AAA', 'ftp://x/y']) {
      expect(message({ image_url }), image_url).toBe(IMAGE_NOT_WEB);
    }
  });

  it('takes race videos as exactly 3 different urls, comma-separated without spaces', () => {
    expect(parseRaceVideos('a,b,c')).toEqual(['a', 'b', 'c']);
    for (const text of [undefined, '', 'a,b', 'a,b,c,d', 'a, b,c', 'a,,c', 'a,b,a', 'a,b,c,']) {
      expect(parseRaceVideos(text), String(text)).toBeNull();
    }
    expect(message({ challenge_type: 'race', videos: 'a,b' })).toBe(CHALLENGE_MESSAGES.raceVideos);
  });
});
