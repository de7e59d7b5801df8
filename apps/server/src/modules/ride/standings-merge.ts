import { READ_LIMITS, type StandingsRead } from '../tracks/index.js';
import { better, type Ranked } from '../tracks/index.js';

/** The earlier rides at a second as one answer sees them: their number, the asker's place, rows. */
export type MergedStandings = {
  /** Earlier rides (the asker's own saved ride left out). */
  count: number;
  /** Earlier rides ahead of the asker's sum, or null when not placed. */
  above: number | null;
  /** The ride at a position (0-based, best first), when the read holds it. */
  rowAt: (position: number) => Ranked | undefined;
};

/**
 * Puts the build's read together with the rides saved and removed since (pure): the build's
 * counts, less the removed rides and the asker's own ride, plus the rides saved since. Rows at
 * a position are known near the top (10) and near the sum (5 above, 3 below): the positions
 * standings-window.ts shows.
 */
export function mergeStandings(
  read: StandingsRead,
  sum: number | null,
  ownTrackId: number | null,
): MergedStandings {
  const since = read.since.filter((r) => r.trackId !== ownTrackId);
  const own = read.ownBuilt;
  const ahead = (r: Ranked) => sum !== null && r.sum > sum;
  const count = read.builtTotal - read.pending.length + since.length - (own ? 1 : 0);
  let above: number | null = null;
  if (sum !== null && read.builtAhead !== null) {
    above =
      read.builtAhead -
      read.pending.filter(ahead).length +
      since.filter(ahead).length -
      (own && ahead(own) ? 1 : 0);
  }
  const rows = new Map<number, Ranked>();
  const byRank = (list: Ranked[]) => list.sort(better);
  byRank([...read.top, ...since])
    .slice(0, READ_LIMITS.top)
    .forEach((r, i) => rows.set(i, r));
  if (above !== null) {
    // Nearest first: the k-th above the sum is at above - 1 - k, the k-th below at above + k.
    byRank([...read.above, ...since.filter(ahead)])
      .reverse()
      .slice(0, READ_LIMITS.above)
      .forEach((r, k) => rows.set(above - 1 - k, r));
    byRank([...read.below, ...since.filter((r) => !ahead(r))])
      .slice(0, READ_LIMITS.below)
      .forEach((r, k) => rows.set(above + k, r));
  }
  return { count, above, rowAt: (p) => rows.get(p) };
}
