import {
  CHALLENGE,
  CHALLENGE_MESSAGES,
  challengeTypeOfKeyword,
  challengeWindow,
  parseAdminDate,
  type ChallengeType,
  type CreateChallenge,
} from '@ridealong/contracts';

/**
 * The admin page's challenge fields as typed (document 001 section 5) -> a challenge, or the
 * message saying what to fix. Pure; that the race videos exist and are ready is the service's.
 */

export type ChallengeDraft = {
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  challengeType: ChallengeType;
  goal: number | null;
  videoSubset: string[];
  imageUrl: string | null;
  featured: boolean;
};

export type DraftResult = { ok: true; draft: ChallengeDraft } | { ok: false; message: string };

export const IMAGE_NOT_WEB = 'The image must be a web address (http or https).';

export const GOAL_TOO_BIG = `The goal must be at most ${CHALLENGE.goalMax.toLocaleString('en-US')}.`;

export const GOAL_WHOLE = 'Rides and uploads are counted: the goal must be a whole number.';
export const GOAL_TOO_SMALL = 'The goal must be at least 1.';
export const ENDED_FEATURED = 'A challenge that is already over cannot be the featured one.';

/** Goals that count things (rides, uploads) are whole numbers. */
const COUNTED: readonly ChallengeType[] = ['RIDE_BASED', 'UPLOAD_BASED'];

/**
 * A goal as typed: a number (text of digits too) from 1 to goalMax (1 mile, watt, minute,
 * ride or upload at the least: a goal of 1e-300 would complete on any ride), whole for counts.
 */
function parseGoal(goal: CreateChallenge['goal'], type: ChallengeType): number | string {
  const text = typeof goal === 'string' ? goal.trim() : goal;
  if (text === undefined || text === '') return CHALLENGE_MESSAGES.missingGoal;
  if (typeof text === 'string' && !/^\d+(\.\d+)?$/.test(text)) {
    return CHALLENGE_MESSAGES.missingGoal;
  }
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) return CHALLENGE_MESSAGES.missingGoal;
  if (n > CHALLENGE.goalMax) return GOAL_TOO_BIG;
  if (n < 1) return GOAL_TOO_SMALL;
  if (COUNTED.includes(type) && !Number.isInteger(n)) return GOAL_WHOLE;
  return n;
}

/** Race videos as typed: exactly 3 different urls, comma-separated without spaces. */
export function parseRaceVideos(text: string | undefined): string[] | null {
  if (!text || /\s/.test(text)) return null;
  const urls = text.split(',');
  if (urls.length !== CHALLENGE.raceVideos || urls.some((u) => u === '')) return null;
  return new Set(urls).size === urls.length ? urls : null;
}

export function draftChallenge(input: CreateChallenge, now: Date): DraftResult {
  const fail = (message: string): DraftResult => ({ ok: false, message });
  const type = input.challenge_type ? challengeTypeOfKeyword(input.challenge_type) : null;
  if (!type) return fail(CHALLENGE_MESSAGES.missingType);
  const start = parseAdminDate(input.start_date);
  const end = parseAdminDate(input.end_date);
  if (!start || !end) return fail(CHALLENGE_MESSAGES.badDate);
  if (end < start) return fail(CHALLENGE_MESSAGES.endBeforeStart);
  let goal: number | null = null;
  let videoSubset: string[] = [];
  if (type === 'RACE_BASED') {
    const urls = parseRaceVideos(input.videos);
    if (!urls) return fail(CHALLENGE_MESSAGES.raceVideos);
    videoSubset = urls;
  } else {
    const parsed = parseGoal(input.goal, type);
    if (typeof parsed === 'string') return fail(parsed);
    goal = parsed;
  }
  const imageUrl = input.image_url ? input.image_url : null;
  if (imageUrl && !/^https?:\/\//i.test(imageUrl)) return fail(IMAGE_NOT_WEB);
  const { startsAt, endsAt } = challengeWindow(start, end);
  if (input.featured && endsAt.getTime() <= now.getTime()) return fail(ENDED_FEATURED);
  return {
    ok: true,
    draft: {
      title: input.title,
      description: input.description,
      startsAt,
      endsAt,
      challengeType: type,
      goal,
      videoSubset,
      imageUrl,
      featured: input.featured,
    },
  };
}
