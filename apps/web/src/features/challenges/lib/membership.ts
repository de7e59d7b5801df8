import { CHALLENGE, type User } from '@ridealong/contracts';

export type UserChallengeSummary = User['user_challenges'][number];

/** Where the member stands with a challenge: not joined, joined, or completed. */
export type Membership = 'none' | 'joined' | 'complete';

export function membershipOf(
  userChallenges: readonly UserChallengeSummary[] | undefined,
  challengeId: number,
): Membership {
  const mine = userChallenges?.find((c) => c.challenge_id === challengeId);
  if (!mine) return 'none';
  return mine.complete ? 'complete' : 'joined';
}

/** The sidebar's challenges: the first 5 the user carries (newest joined first). */
export function sidebarChallenges(
  userChallenges: readonly UserChallengeSummary[] | undefined,
  max: number = CHALLENGE.sidebarMax,
): UserChallengeSummary[] {
  return (userChallenges ?? []).slice(0, max);
}

/** A route's id as a challenge id: a positive whole number, else null (go to the list). */
export function challengeIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
