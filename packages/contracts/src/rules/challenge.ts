/**
 * Challenge rules and numbers without zod (document 001 sections 4, 5 and 9), so pages that
 * only show challenges (home) load no schema code. Design: docs/challenges.md.
 */

import { milesToMetres, type Measure, type UnitSystem } from './units.js';

export const CHALLENGE_TYPES = [
  'RACE_BASED',
  'DISTANCE_BASED',
  'POWER_BASED',
  'TIME_BASED',
  'UPLOAD_BASED',
  'RIDE_BASED',
] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

/**
 * The admin page's type keywords (section 5; case-sensitive). The spec lists race, power,
 * ride, time and upload; distance has none there, so it is `distance`.
 */
export const CHALLENGE_KEYWORDS = {
  race: 'RACE_BASED',
  distance: 'DISTANCE_BASED',
  power: 'POWER_BASED',
  time: 'TIME_BASED',
  upload: 'UPLOAD_BASED',
  ride: 'RIDE_BASED',
} as const satisfies Record<string, ChallengeType>;
export type ChallengeKeyword = keyof typeof CHALLENGE_KEYWORDS;

/** The keyword's type, or null for anything else (Race, RACE, ' race' are not keywords). */
export function challengeTypeOfKeyword(keyword: string): ChallengeType | null {
  return Object.hasOwn(CHALLENGE_KEYWORDS, keyword)
    ? CHALLENGE_KEYWORDS[keyword as ChallengeKeyword]
    : null;
}

/** Section 9 numbers, and this server's own bounds around them. */
export const CHALLENGE = {
  /** /challenges: past challenges load in pages of this many, this long after asking. */
  deactivatedPageSize: 6,
  deactivatedFetchDelayMs: 500,
  /** The most past challenges one page may ask for. */
  deactivatedPageMax: 50,
  /** The challenge page's sidebar lists this many of the member's challenges. */
  sidebarMax: 5,
  /** A race-based challenge is exactly this many videos ('Ride all 3 videos ...'). */
  raceVideos: 3,
  /** The most active challenges one answer lists (featured first). */
  activeListMax: 50,
  /** The most of a member's challenges the user carries (newest joined first). */
  userChallengesMax: 50,
  /** A leaderboard answer: this many rows unless asked for fewer; never more than the max. */
  leaderboardPageSize: 100,
  leaderboardPageMax: 100,
  /** RIDE_BASED counts rides of at least this many seconds (the Strava auto-save bound). */
  rideMinSeconds: 60,
  /** POWER_BASED completes only over at least this much riding, not on one short sprint. */
  powerMinSeconds: 600,
  /** A race video counts once a ride of it reached this share of the video. */
  raceCoverage: 0.9,
  /** Bounds of what an admin may create. */
  titleMax: 120,
  descriptionMax: 2000,
  /** Goals: miles, watts, minutes, videos, rides. */
  goalMax: 1_000_000,
  /** Joins and leaves a member may make an hour, together (429 beyond). */
  membershipChangesPerHour: 120,
  /** Members recomputed per statement when a whole challenge is recalculated. */
  recalculateBatch: 1000,
} as const;

/** Miles per metre (section 9: metres times 0.000621371192). */
export const MILES_PER_METRE = 0.000621371192;

/** The exact strings of document 001, and this product's own for what it leaves open. */
export const CHALLENGE_MESSAGES = {
  heading: 'Challenges',
  none: 'There are no challenges right now.',
  raceSubtitle: 'Ride all 3 videos to complete this challenge!',
  created: 'Congrats! Created',
  failed: 'That did not work.',
  seeAll: 'See All',
  leave: 'Leave',
  myChallenges: 'My Challenges:',
  missingType: 'Please choose a challenge type: race, distance, power, time, upload or ride.',
  missingGoal: 'Please give the challenge a goal.',
  raceVideos: 'A race challenge needs exactly 3 video urls, separated by commas without spaces.',
  badDate: 'Please write dates as MM-DD-YYYY.',
  endBeforeStart: 'The end date must not be before the start date.',
  notActive: 'This challenge is over.',
  videoInUse:
    'This video is part of an active challenge, so it cannot be deleted until the challenge ends.',
  unknown: 'There is no such challenge.',
} as const;

/** The status text of a challenge card: it changes at 0, 0.5 and 1 (section 4). */
export function challengeStatusText(completion: number): string {
  if (completion >= 1) return 'Challenge complete!';
  if (completion >= 0.5) return 'More than halfway there. Keep going!';
  if (completion > 0) return 'Off to a good start!';
  return 'Not started yet: ride to make progress.';
}

/** What a goal counts, for the status line ('12.4 of 100 mi'). */
export const CHALLENGE_UNITS: Record<ChallengeType, string> = {
  RACE_BASED: 'videos',
  DISTANCE_BASED: 'mi',
  POWER_BASED: 'avg. watts',
  TIME_BASED: 'mins',
  UPLOAD_BASED: 'videos uploaded',
  RIDE_BASED: 'rides',
};

/**
 * A goal or a total in the member's units. Distance goals are miles in the documents and stay
 * stored so; a metric member sees them in km. The other types have no unit system.
 */
export function challengeMeasure(type: ChallengeType, amount: number, system: UnitSystem): Measure {
  return type === 'DISTANCE_BASED' && system === 'metric'
    ? { value: milesToMetres(amount) / 1000, unit: 'km' }
    : { value: amount, unit: CHALLENGE_UNITS[type] };
}

/**
 * The admin page's MM-DD-YYYY as a calendar date (YYYY-MM-DD), or null when it is not one
 * (02-30-2026, 13-01-2026, 1-2-2026).
 */
export function parseAdminDate(text: string): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, mm, dd, yyyy] = m as unknown as [string, string, string, string];
  const at = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (at.getUTCMonth() !== Number(mm) - 1 || at.getUTCDate() !== Number(dd)) return null;
  // Years a challenge can run in: the end date's next day must still be a date PostgreSQL and
  // people read the same (year 10000 is neither).
  if (Number(yyyy) < 2000 || Number(yyyy) > 2999) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** A challenge's window from its calendar dates: start 00:00 UTC to the end of the end date. */
export function challengeWindow(
  startDate: string,
  endDate: string,
): { startsAt: Date; endsAt: Date } {
  const startsAt = new Date(`${startDate}T00:00:00.000Z`);
  const endsAt = new Date(new Date(`${endDate}T00:00:00.000Z`).getTime() + 86_400_000);
  return { startsAt, endsAt };
}

/** The calendar dates of a window (the inverse of challengeWindow). */
export function challengeDates(
  startsAt: Date,
  endsAt: Date,
): { start_date: string; end_date: string } {
  return {
    start_date: startsAt.toISOString().slice(0, 10),
    end_date: new Date(endsAt.getTime() - 86_400_000).toISOString().slice(0, 10),
  };
}
