import type { ChallengeLeaderboardRow } from '@ridealong/contracts';

export type Medal = 'gold' | 'silver' | 'bronze';

const MEDALS: Record<number, Medal> = { 1: 'gold', 2: 'silver', 3: 'bronze' };

/**
 * Rankings 1 to 3 get a medal (members level share a ranking, and so its medal), once they
 * have made progress: everyone who has only joined shares first place, and no medal.
 */
export function medalOf(
  row: Pick<ChallengeLeaderboardRow, 'ranking' | 'completion_percent'>,
): Medal | null {
  if (row.completion_percent <= 0) return null;
  return MEDALS[row.ranking] ?? null;
}

/** The rows as two columns: the first half (the larger when odd), then the rest. */
export function splitHalves<T>(rows: readonly T[]): [T[], T[]] {
  const half = Math.ceil(rows.length / 2);
  return [rows.slice(0, half), rows.slice(half)];
}

/** The member's own row when it is not among the rows shown, to show after the list. */
export function meBeyond(
  rows: readonly ChallengeLeaderboardRow[],
  me: ChallengeLeaderboardRow | null,
): ChallengeLeaderboardRow | null {
  if (me === null) return null;
  return rows.some((r) => r.user.id === me.user.id) ? null : me;
}

/** The signed-in member's row ('' when signed out: nobody's). */
export function isMine(row: ChallengeLeaderboardRow, userId: string): boolean {
  return userId !== '' && String(row.user.id) === userId;
}
