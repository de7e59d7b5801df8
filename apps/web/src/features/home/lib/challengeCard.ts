import {
  CHALLENGE_MESSAGES,
  CHALLENGE_UNITS,
  challengeMeasure,
  hasGradient,
  type Challenge,
  type ChallengeType,
  type UnitSystem,
} from '@ridealong/contracts';

/** The goal of a challenge that has one ({"goal": n}); null for race-based or a bad payload. */
export function challengeGoal(goalPayload: string): number | null {
  try {
    const parsed: unknown = JSON.parse(goalPayload);
    if (typeof parsed !== 'object' || parsed === null || !('goal' in parsed)) return null;
    const goal = parsed.goal;
    return typeof goal === 'number' && Number.isFinite(goal) && goal > 0 ? goal : null;
  } catch {
    return null;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD) as the card says it: 'Dec 31'. */
export function shortDate(calendarDate: string): string {
  const [, mm, dd] = calendarDate.split('-').map(Number);
  return `${MONTHS[(mm ?? 1) - 1] ?? ''} ${dd ?? ''}`.trim();
}

/** The goal sentence's verb and unit of each type with a goal (1 ride, 20 rides). */
const GOAL_WORDING: Record<
  Exclude<ChallengeType, 'RACE_BASED'>,
  (n: number, system: UnitSystem) => string
> = {
  DISTANCE_BASED: (n, system) => {
    // Miles in the documents; a metric member reads km.
    const { value, unit } = challengeMeasure('DISTANCE_BASED', n, system);
    return `Ride ${fmt(value)} ${unit}`;
  },
  TIME_BASED: (n) => `Ride ${fmt(n)} ${CHALLENGE_UNITS.TIME_BASED}`,
  POWER_BASED: (n) => `Ride at ${fmt(n)} ${CHALLENGE_UNITS.POWER_BASED}`,
  UPLOAD_BASED: (n) => `Upload ${fmt(n)} ${n === 1 ? 'video' : 'videos'}`,
  RIDE_BASED: (n) => `Finish ${fmt(n)} ${n === 1 ? 'ride' : CHALLENGE_UNITS.RIDE_BASED}`,
};

function fmt(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/**
 * The subtitle of a card: the spec's sentence for race-based challenges, else the goal in its
 * unit and the end date ('Ride 60 mins before Dec 31.').
 */
export function challengeSubtitle(
  c: Pick<Challenge, 'challenge_type' | 'goal_payload' | 'end_date'>,
  system: UnitSystem,
): string {
  if (c.challenge_type === 'RACE_BASED') return CHALLENGE_MESSAGES.raceSubtitle;
  const goal = challengeGoal(c.goal_payload);
  const end = shortDate(c.end_date);
  return goal === null
    ? `Ends ${end}.`
    : `${GOAL_WORDING[c.challenge_type](goal, system)} before ${end}.`;
}

/** A race-based challenge's videos together, in seconds (0 when none is left). */
export function raceSeconds(c: Pick<Challenge, 'videos'>): number {
  return c.videos.reduce((sum, v) => sum + Math.max(0, v.duration), 0);
}

/** Any of its videos carries slope data: the card shows the gradient icon. */
export function raceHasSlope(c: Pick<Challenge, 'videos'>): boolean {
  return c.videos.some((v) => hasGradient(v.slope_source_id));
}
