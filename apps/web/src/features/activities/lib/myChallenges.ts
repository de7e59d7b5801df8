import {
  CHALLENGE,
  CHALLENGE_UNITS,
  challengeMeasure,
  challengeStatusText,
  type ChallengeType,
  type UnitSystem,
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
  /** The progress in the type's unit, distance in the member's: '12.4 mi', '2 of 3 videos'. */
  totalText: string;
};

function isChallengeType(type: string): type is ChallengeType {
  return Object.hasOwn(CHALLENGE_UNITS, type);
}

const amount = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

function totalText(type: string, total: number, system: UnitSystem): string {
  if (type === 'RACE_BASED')
    return `${amount(total)} of ${CHALLENGE.raceVideos} ${CHALLENGE_UNITS.RACE_BASED}`;
  if (!isChallengeType(type)) return amount(total);
  const { value, unit } = challengeMeasure(type, total, system);
  return `${amount(value)} ${unit}`;
}

/** The rows of the 'My Challenges:' card, in the stored order (newest joined first). */
export function myChallengeRows(
  list: readonly StoredUserChallenge[] | undefined,
  system: UnitSystem,
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
      totalText: totalText(c.challenge_type, c.status_data?.status?.current_total ?? 0, system),
    };
  });
}
