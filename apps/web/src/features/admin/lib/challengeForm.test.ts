import { describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES, createChallengeSchema } from '@ridealong/contracts';
import {
  ADMIN_CHALLENGE_DEFAULTS,
  GOAL_MAX_MESSAGE,
  IMAGE_URL_MESSAGE,
  KEYWORD_HELP,
  adminChallengeFormSchema,
  buildChallengePayload,
  splitRaceVideos,
  type AdminChallengeForm,
} from './challengeForm';

const timeBased: AdminChallengeForm = {
  ...ADMIN_CHALLENGE_DEFAULTS,
  title: ' Winter Hours ',
  description: 'Sixty minutes in December.',
  start_date: '12-01-2025',
  end_date: '12-31-2025',
  challenge_type: 'time',
  goal: 60,
};

const race: AdminChallengeForm = {
  ...timeBased,
  title: 'Alpine Triple Crown',
  challenge_type: 'race',
  goal: Number.NaN,
  videos: 'stelvio,galibier,tourmalet',
  image_url: ' https://cdn.test/alpine.jpg ',
  featured: true,
};

/** The form's messages by field. */
function errorsOf(values: AdminChallengeForm): Record<string, string> {
  const result = adminChallengeFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('the create-challenge form', () => {
  it('accepts a goal-based and a race-based challenge', () => {
    expect(errorsOf(timeBased)).toEqual({});
    expect(errorsOf(race)).toEqual({});
  });

  it('lists the keywords in its help', () => {
    expect(KEYWORD_HELP).toBe('Case-sensitive: race, distance, power, time, upload, ride');
  });

  it.each(['', 'Race', 'RACE', ' race', 'race ', 'RACE_BASED', 'swim'])(
    'asks for a type when it is %j (keywords are case-sensitive)',
    (challenge_type) => {
      expect(errorsOf({ ...timeBased, challenge_type }).challenge_type).toBe(
        CHALLENGE_MESSAGES.missingType,
      );
    },
  );

  it.each([Number.NaN, 0, -5])('asks for a goal when it is %s', (goal) => {
    expect(errorsOf({ ...timeBased, goal })).toEqual({ goal: CHALLENGE_MESSAGES.missingGoal });
  });

  it('bounds the goal', () => {
    expect(errorsOf({ ...timeBased, goal: 1_000_001 })).toEqual({ goal: GOAL_MAX_MESSAGE });
    expect(errorsOf({ ...timeBased, challenge_type: 'distance', goal: 12.5 })).toEqual({});
  });

  it('ignores the goal of a race and checks its videos instead', () => {
    expect(errorsOf({ ...race, goal: Number.NaN })).toEqual({});
    expect(errorsOf({ ...race, videos: 'a,b' })).toEqual({ videos: CHALLENGE_MESSAGES.raceVideos });
  });

  it.each(['a,b', 'a,b,c,d', 'a, b,c', 'a,,c', 'a,b,a', '', 'a,b,c '])(
    'refuses race videos %j',
    (videos) => expect(splitRaceVideos(videos)).toBeNull(),
  );

  it('reads 3 race videos in order', () => {
    expect(splitRaceVideos('stelvio,galibier,tourmalet')).toEqual([
      'stelvio',
      'galibier',
      'tourmalet',
    ]);
  });

  it.each(['2025-12-01', '12/01/2025', '13-01-2025', '02-30-2026', '1-2-2026', ''])(
    'refuses the date %j',
    (start_date) => {
      expect(errorsOf({ ...timeBased, start_date })).toEqual({
        start_date: CHALLENGE_MESSAGES.badDate,
      });
    },
  );

  it('refuses an end before the start, and takes a one-day challenge', () => {
    expect(errorsOf({ ...timeBased, end_date: '11-30-2025' })).toEqual({
      end_date: CHALLENGE_MESSAGES.endBeforeStart,
    });
    expect(errorsOf({ ...timeBased, end_date: '12-01-2025' })).toEqual({});
  });

  it('takes no image, or a full URL', () => {
    expect(errorsOf({ ...timeBased, image_url: 'alpine.jpg' })).toEqual({
      image_url: IMAGE_URL_MESSAGE,
    });
  });

  it('needs a title', () => {
    expect(errorsOf({ ...timeBased, title: '  ' })).toEqual({ title: 'Required' });
  });
});

describe('buildChallengePayload', () => {
  it('sends the goal of a goal-based challenge, without videos or image', () => {
    const body = buildChallengePayload(timeBased);
    expect(body).toEqual({
      title: 'Winter Hours',
      description: 'Sixty minutes in December.',
      start_date: '12-01-2025',
      end_date: '12-31-2025',
      challenge_type: 'time',
      goal: 60,
      featured: false,
    });
    expect(createChallengeSchema.parse(body)).toEqual(body);
  });

  it('sends the videos of a race, without a goal', () => {
    const body = buildChallengePayload(race);
    expect(body).toEqual({
      title: 'Alpine Triple Crown',
      description: 'Sixty minutes in December.',
      start_date: '12-01-2025',
      end_date: '12-31-2025',
      challenge_type: 'race',
      videos: 'stelvio,galibier,tourmalet',
      image_url: 'https://cdn.test/alpine.jpg',
      featured: true,
    });
    expect(createChallengeSchema.parse(body)).toEqual(body);
  });
});

describe('an empty form', () => {
  it('shows every missing field at once', () => {
    expect(errorsOf(ADMIN_CHALLENGE_DEFAULTS)).toEqual({
      title: 'Required',
      start_date: CHALLENGE_MESSAGES.badDate,
      end_date: CHALLENGE_MESSAGES.badDate,
      challenge_type: CHALLENGE_MESSAGES.missingType,
    });
  });
});
