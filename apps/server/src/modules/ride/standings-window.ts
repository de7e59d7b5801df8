import { LEADERBOARD } from '@ridealong/contracts';

/** One row to show: an index into the earlier rides' standings (best first) and its rank. */
export type PlannedRow = { position: number; rank: number };

export type LeaderboardPlan = {
  rows: PlannedRow[];
  /** Riders at that second: the earlier rides, plus the asking rider when placed. */
  total: number;
  /** The asking rider's rank, or null when unplaced. */
  rank: number | null;
};

/**
 * Which of `n` earlier rides (sorted best first) one rider sees (document 001 section 9): the
 * top 10, or, for a rider below 10th, the top 3 and the 5 places centred on the rider (shifted
 * to stay within the standings). `above` is how many earlier rides are ahead of the rider, or
 * null when the rider is not placed (nothing stored yet): then the top 10. Ranks count the
 * rider, so the rider's own rank is the one the rows leave out; the client draws itself there.
 * At most `LEADERBOARD.maxEntries` rows, whatever `n`.
 */
export function leaderboardPlan(n: number, above: number | null): LeaderboardPlan {
  if (above === null) {
    const rows = Array.from({ length: Math.min(LEADERBOARD.top, n) }, (_, i) => ({
      position: i,
      rank: i + 1,
    }));
    return { rows, total: n, rank: null };
  }
  const self = Math.min(Math.max(above, 0), n) + 1;
  const total = n + 1;
  const ranks: number[] = [];
  const span = (from: number, to: number) => {
    for (let r = from; r <= Math.min(to, total); r++) if (r !== self) ranks.push(r);
  };
  if (self <= LEADERBOARD.top) {
    span(1, LEADERBOARD.top);
  } else {
    span(1, LEADERBOARD.head);
    const half = Math.floor(LEADERBOARD.neighbours / 2);
    const from = Math.max(
      LEADERBOARD.head + 1,
      Math.min(self - half, total - LEADERBOARD.neighbours + 1),
    );
    span(from, from + LEADERBOARD.neighbours - 1);
  }
  // Earlier rides ahead of the rider keep their place; those behind are one further down.
  const rows = ranks.map((rank) => ({ rank, position: rank < self ? rank - 1 : rank - 2 }));
  return { rows, total, rank: self };
}
