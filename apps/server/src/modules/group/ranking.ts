import { LEADERBOARD, type GroupMember, type GroupPoint } from '@ridealong/contracts';

/** A rider's latest second in an event, as the live store keeps it. */
export type LivePoint = { member: GroupMember; point: GroupPoint };

/** An event's riders ranked once per relay tick, shared by every socket of the event. */
export type Ranking = {
  /** Best first: accumulated power, highest first; ties by member id, lowest first. */
  rows: readonly LivePoint[];
  /** 0-based position of a member in `rows`. */
  positionOf: ReadonlyMap<number, number>;
};

export function rankPoints(points: readonly LivePoint[]): Ranking {
  const rows = [...points].sort(
    (a, b) => b.point.accumulated_power - a.point.accumulated_power || a.member.id - b.member.id,
  );
  return { rows, positionOf: new Map(rows.map((r, i) => [r.member.id, i])) };
}

/**
 * The 1-based ranks one rider receives (document 001 section 9): the top 10 when the rider is
 * among them or not ranked yet (null), otherwise the top 3 and the 5 places centred on the
 * rider (shifted to stay within the standings). Unlike /ride's history leaderboard
 * (standings-window.ts) the rider is one of the rows: the relay tells them their own rank.
 * Never more than `LEADERBOARD.maxEntries`, whatever `total`.
 */
export function windowRanks(rank: number | null, total: number): number[] {
  const span = (from: number, to: number) =>
    Array.from({ length: Math.max(0, Math.min(to, total) - from + 1) }, (_, i) => from + i);
  if (rank === null || rank <= LEADERBOARD.top) return span(1, LEADERBOARD.top);
  const half = Math.floor(LEADERBOARD.neighbours / 2);
  const from = Math.max(
    LEADERBOARD.head + 1,
    Math.min(rank - half, total - LEADERBOARD.neighbours + 1),
  );
  return [...span(1, LEADERBOARD.head), ...span(from, from + LEADERBOARD.neighbours - 1)];
}

/** The rows of `ranking` one member receives, with their ranks. */
export function windowOf(
  ranking: Ranking,
  memberId: number,
): Array<{ row: LivePoint; rank: number }> {
  const position = ranking.positionOf.get(memberId);
  const ranks = windowRanks(position === undefined ? null : position + 1, ranking.rows.length);
  return ranks.flatMap((rank) => {
    const row = ranking.rows[rank - 1];
    return row ? [{ row, rank }] : [];
  });
}
