import {
  LEADERBOARD,
  leaderboardWindow,
  type LeaderboardEntry,
  type LeaderboardRow,
  type RidePoint,
} from '@ridealong/contracts';

/** The live rider's row (track id -1 until the server names the track). */
export function isSelfEntry(entry: LeaderboardEntry, trackId: number | null): boolean {
  return entry.track_id === (trackId ?? -1);
}

type Rider = { id: number; username: string };

/** This second's other riders with the live rider's latest point added (replacing an older one). */
export function withLiveRider(
  others: readonly LeaderboardEntry[],
  point: RidePoint,
  rider: Rider,
  raceUrl: string,
  trackId: number | null,
): LeaderboardEntry[] {
  const self: LeaderboardEntry = {
    username: rider.username,
    user_id: rider.id,
    url: raceUrl,
    track_id: trackId ?? -1,
    elapsed_time: point.elapsed_time,
    accumulated_power: point.accumulated_power,
    power: point.power,
    heart_rate: point.heart_rate,
    cadence: point.cadence,
    distance: point.distance,
    active: true,
  };
  return [...others.filter((e) => !isSelfEntry(e, trackId)), self];
}

type Ranked = { kind: 'rider'; rank: number; entry: LeaderboardEntry };

/**
 * The rows to draw (document 001 section 9): the top 10, or the top 3, an ellipsis and the 5
 * places around the live rider. The server answers a window whose rows carry their ranks
 * (counting the live rider, whose own place they leave out); the live rider's row goes in by
 * its accumulated power, and ranks after it move down when the server placed it lower. Rows
 * without ranks (an older server) are ranked as a whole list.
 */
export function liveRows(
  entries: readonly LeaderboardEntry[],
  trackId: number | null,
): LeaderboardRow<LeaderboardEntry>[] {
  const isSelf = (e: LeaderboardEntry) => isSelfEntry(e, trackId);
  const self = entries.find(isSelf);
  const others = entries.filter((e) => !isSelf(e)).map((entry) => ({ entry, rank: entry.rank }));
  const ranked: Array<{ entry: LeaderboardEntry; rank: number }> = [];
  for (const o of others) {
    if (o.rank === undefined) return leaderboardWindow(entries, isSelf);
    ranked.push({ entry: o.entry, rank: o.rank });
  }
  ranked.sort((a, b) => a.rank - b.rank);
  const merged: LeaderboardEntry[] = ranked.map((r) => r.entry);
  if (self) {
    const at = merged.findIndex((e) => self.accumulated_power >= e.accumulated_power);
    merged.splice(at < 0 ? merged.length : at, 0, self);
  }
  let previous = 0;
  const rows: Ranked[] = merged.map((entry) => {
    const rank = entry === self ? previous + 1 : Math.max(entry.rank ?? 0, previous + 1);
    previous = rank;
    return { kind: 'rider', rank, entry };
  });
  return withGaps(pick(rows, self));
}

/** The top 10 when the rider is among them (or not placed); else the top 3 and 5 around them. */
function pick(rows: Ranked[], self: LeaderboardEntry | undefined): Ranked[] {
  const selfIndex = self ? rows.findIndex((r) => r.entry === self) : -1;
  const selfRow = rows[selfIndex];
  if (!selfRow || selfRow.rank <= LEADERBOARD.top) {
    return rows.filter((r) => r.rank <= LEADERBOARD.top || r === selfRow);
  }
  const head = rows.filter((r) => r.rank <= LEADERBOARD.head);
  const rest = rows.filter((r) => r.rank > LEADERBOARD.head);
  const at = rest.indexOf(selfRow);
  const half = Math.floor(LEADERBOARD.neighbours / 2);
  const from = Math.max(0, Math.min(at - half, rest.length - LEADERBOARD.neighbours));
  return [...head, ...rest.slice(from, from + LEADERBOARD.neighbours)];
}

/** An ellipsis wherever ranks jump (between the top 3 and the rider's neighbours). */
function withGaps(rows: Ranked[]): LeaderboardRow<LeaderboardEntry>[] {
  const out: LeaderboardRow<LeaderboardEntry>[] = [];
  rows.forEach((row, i) => {
    const before = rows[i - 1];
    if (before && row.rank > before.rank + 1) out.push({ kind: 'gap' });
    out.push(row);
  });
  return out;
}
