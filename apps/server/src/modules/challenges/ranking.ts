/**
 * Rankings of a leaderboard page (docs/challenges.md, 'Leaderboard'): ranking = 1 + the
 * participants strictly ahead by (completion, total), so members level share a ranking. The
 * page is in board order, so only its first row needs a count of those ahead; every later row
 * either ties the row before it or has every row before it ahead.
 */

export type Standing = { completionPercent: number; currentTotal: number };

const level = (a: Standing, b: Standing) =>
  a.completionPercent === b.completionPercent && a.currentTotal === b.currentTotal;

/**
 * The rankings of `rows` (board order) starting at position `start` (0-based), given how many
 * participants are strictly ahead of the first row.
 */
export function pageRankings(
  rows: readonly Standing[],
  start: number,
  aheadOfFirst: number,
): number[] {
  const out: number[] = [];
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    out.push(
      i === 0 ? aheadOfFirst + 1 : previous && level(previous, row) ? out[i - 1]! : start + i + 1,
    );
  });
  return out;
}
