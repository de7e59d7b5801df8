import {
  CHALLENGE,
  CHALLENGE_MESSAGES,
  CHALLENGE_UNITS,
  challengeMeasure,
  type Challenge,
  type ChallengeType,
  type UnitSystem,
} from '@ridealong/contracts';

/** goal_payload read: a number goal, or a race's ordered video urls; null when unreadable. */
export type Goal = { kind: 'goal'; goal: number } | { kind: 'race'; videos: string[] };

export function parseGoal(goalPayload: string): Goal | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(goalPayload);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  if ('goal' in parsed && typeof parsed.goal === 'number' && parsed.goal > 0)
    return { kind: 'goal', goal: parsed.goal };
  if ('video_subset' in parsed && Array.isArray(parsed.video_subset))
    return {
      kind: 'race',
      videos: parsed.video_subset.filter((v): v is string => typeof v === 'string'),
    };
  return null;
}

/** What completes the challenge, in its unit: the goal, or the race's 3 videos. */
export function goalTarget(c: Pick<Challenge, 'challenge_type' | 'goal_payload'>): number | null {
  if (c.challenge_type === 'RACE_BASED') return CHALLENGE.raceVideos;
  const goal = parseGoal(c.goal_payload);
  return goal?.kind === 'goal' ? goal.goal : null;
}

/** Decimals each unit is shown with (section 9: miles to 2 decimals). */
const DECIMALS: Record<ChallengeType, number> = {
  RACE_BASED: 0,
  DISTANCE_BASED: 2,
  POWER_BASED: 0,
  TIME_BASED: 0,
  UPLOAD_BASED: 0,
  RIDE_BASED: 0,
};

/** An amount of the type's unit as a number: '1,234.5'. */
export function formatAmount(type: ChallengeType, amount: number): string {
  return amount.toLocaleString('en-US', { maximumFractionDigits: DECIMALS[type] });
}

/** An amount (miles for distance goals, as stored) in the member's units: '160.93 km'. */
function amountIn(type: ChallengeType, amount: number, system: UnitSystem) {
  const { value, unit } = challengeMeasure(type, amount, system);
  return { text: formatAmount(type, value), unit };
}

/** The member's progress line: '12.4 of 100 mi', '19.96 of 160.93 km', '2 of 3 videos'. */
export function progressLine(
  c: Pick<Challenge, 'challenge_type' | 'goal_payload'>,
  currentTotal: number,
  system: UnitSystem,
): string {
  const type = c.challenge_type;
  const target = goalTarget(c);
  const current = amountIn(type, currentTotal, system);
  return target === null
    ? `${current.text} ${current.unit}`
    : `${current.text} of ${amountIn(type, target, system).text} ${current.unit}`;
}

/** A leaderboard row's total: '12.4 mi', '2/3 videos'. */
export function totalText(type: ChallengeType, currentTotal: number, system: UnitSystem): string {
  if (type === 'RACE_BASED')
    return `${formatAmount(type, currentTotal)}/${CHALLENGE.raceVideos} ${CHALLENGE_UNITS[type]}`;
  const total = amountIn(type, currentTotal, system);
  return `${total.text} ${total.unit}`;
}

/** The kind of challenge, as the splash names it. */
export const TYPE_LABELS: Record<ChallengeType, string> = {
  RACE_BASED: 'Race',
  DISTANCE_BASED: 'Distance',
  POWER_BASED: 'Power',
  TIME_BASED: 'Time',
  UPLOAD_BASED: 'Upload',
  RIDE_BASED: 'Rides',
};

/** The goal in the member's units: 'Goal: 100 mi'; race-based: the spec's 'Ride all 3 …'. */
export function goalText(
  c: Pick<Challenge, 'challenge_type' | 'goal_payload'>,
  system: UnitSystem,
): string {
  if (c.challenge_type === 'RACE_BASED') return CHALLENGE_MESSAGES.raceSubtitle;
  const target = goalTarget(c);
  if (target === null) return '';
  const goal = amountIn(c.challenge_type, target, system);
  return `Goal: ${goal.text} ${goal.unit}`;
}

/** 0 to 1 as a whole percentage, never above 100: '45%'. */
export function percentText(completion: number): string {
  return `${Math.round(Math.min(1, Math.max(0, completion)) * 100)}%`;
}

/** '1 rider joined', '12 riders joined'. */
export function participantsText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'rider' : 'riders'} joined`;
}
