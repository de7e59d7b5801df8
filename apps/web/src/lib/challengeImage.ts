import type { Challenge, ChallengeType } from '@ridealong/contracts';

/** The default picture of each type, under public/challenges/. */
export const DEFAULT_CHALLENGE_IMAGES: Record<ChallengeType, string> = {
  RACE_BASED: '/challenges/race.svg',
  DISTANCE_BASED: '/challenges/distance.svg',
  POWER_BASED: '/challenges/power.svg',
  TIME_BASED: '/challenges/time.svg',
  UPLOAD_BASED: '/challenges/upload.svg',
  RIDE_BASED: '/challenges/ride.svg',
};

/**
 * What a challenge card shows: its own image, else (race-based) its first video's thumbnail,
 * else the default picture of its type.
 */
export function challengeImage(
  c: Pick<Challenge, 'image_url' | 'challenge_type' | 'videos'>,
): string {
  if (c.image_url) return c.image_url;
  const first = c.challenge_type === 'RACE_BASED' ? c.videos[0]?.thumbnail_url : null;
  return first ?? DEFAULT_CHALLENGE_IMAGES[c.challenge_type];
}
