import {
  CHALLENGE,
  CHALLENGE_UNITS,
  challengeStatusText,
  type ChallengeType,
  type UserChallenge,
} from '@ridealong/contracts';

/** A challenge as the stored user carries it (an older stored copy may lack status_data). */
export type StoredUserChallenge = Omit<UserChallenge, 'challenge_type' | 'status_data'> & {
  challenge_type: string;
  status_data?: Partial<UserChallenge['status_data']>;
};

export type MyChallengeRow = {
  id: number;
  title: string;
  to: string;
  /** 0 to 100, for the progress bar. */
  percent: number;
  complete: boolean;
  statusText: string;
  /** The progress in the type's unit: '12.4 mi', '2 of 3 videos'. */
  totalText: string;
};

function isChallengeType(type: string): type is ChallengeType {
  return Object.hasOwn(CHALLENGE_UNITS, type);
}

function totalText(type: string, total: number): string {
  const n = total.toLocaleString('en-US', { maximumFractionDigits: 1 });
  if (type === 'RACE_BASED') return `${n} of ${CHALLENGE.raceVideos} ${CHALLENGE_UNITS.RACE_BASED}`;
  return isChallengeType(type) ? `${n} ${CHALLENGE_UNITS[type]}` : n;
}

/** The rows of the 'My Challenges:' card, in the stored order (newest joined first). */
export function myChallengeRows(
  list: readonly StoredUserChallenge[] | undefined,
): MyChallengeRow[] {
  return (list ?? []).map((c) => {
    const completion = Math.min(1, Math.max(0, c.completion_percent));
    const done = c.complete || completion >= 1;
    return {
      id: c.challenge_id,
      title: c.title,
      to: `/challenge/${c.challenge_id}`,
      percent: Math.round((done ? 1 : completion) * 100),
      complete: done,
      statusText: challengeStatusText(done ? 1 : completion),
      totalText: totalText(c.challenge_type, c.status_data?.status?.current_total ?? 0),
    };
  });
}
