import {
  GROUP,
  type GroupMember,
  type GroupPoint,
  type GroupPointRelay,
  type LeaderboardEntry,
} from '@ridealong/contracts';

/**
 * The group leaderboard from the server's relays (docs/group.md 'The relay'): every second the
 * server sends each rider only their window (the top 10, or the top 3 and the 5 around them),
 * each row with its rank and the event's total. The latest relay of each rider is kept; a rider
 * no longer relayed (they left the window, or the event) drops out once it is stale.
 */
export type RelayBook = ReadonlyMap<number, { relay: GroupPointRelay; at: number }>;

/** A relay older than this is no longer in the rider's window: two relays missed, and a redraw. */
export const RELAY_STALE_MS = GROUP.leaderboardRefreshMs + 2 * GROUP.relayIntervalMs;

export function addRelay(book: RelayBook, relay: GroupPointRelay, at: number): RelayBook {
  const next = new Map(book);
  next.set(relay.user_info.id, { relay, at });
  return next;
}

/** The relays still current at `now` (stale ones dropped, so the book does not grow). */
export function freshRelays(book: RelayBook, now: number): RelayBook {
  const next = new Map([...book].filter(([, r]) => now - r.at <= RELAY_STALE_MS));
  return next.size === book.size ? book : next;
}

/** A group rider as the ride leaderboard draws them; the rider's id stands for a track id. */
function entryOf(
  member: GroupMember,
  point: GroupPoint,
  raceUrl: string,
  rank: number | undefined,
): LeaderboardEntry {
  return {
    username: member.display_name,
    user_id: member.id,
    url: raceUrl,
    track_id: member.id,
    elapsed_time: point.elapsed_time,
    accumulated_power: point.accumulated_power,
    power: point.power,
    heart_rate: point.heart_rate,
    cadence: point.cadence,
    distance: point.distance,
    active: true,
    ...(rank === undefined ? {} : { rank }),
  };
}

/**
 * The entries RideLeaderboard draws (its liveRows picks the rows, with `trackId` = the rider's
 * id): the others with the ranks the server gave, and the rider's own row from their latest
 * local point (fresher than the relay of it), else from the relay. The rider's row carries no
 * rank: liveRows places it by its power among the others.
 */
export function groupEntries(
  book: RelayBook,
  self: { member: GroupMember; point: GroupPoint | null },
  raceUrl: string,
  now: number,
): LeaderboardEntry[] {
  const current = [...freshRelays(book, now).values()].map((r) => r.relay);
  const others = current
    .filter((r) => r.user_info.id !== self.member.id)
    .map((r) => entryOf(r.user_info, r.point, raceUrl, r.rank));
  const relayed = current.find((r) => r.user_info.id === self.member.id)?.point ?? null;
  const point = self.point ?? relayed;
  return point ? [...others, entryOf(self.member, point, raceUrl, undefined)] : others;
}

/** The riders in the event, as the latest relay counted them (0 before any). */
export function eventTotal(book: RelayBook): number {
  let latest: { relay: GroupPointRelay; at: number } | null = null;
  for (const r of book.values()) if (!latest || r.at >= latest.at) latest = r;
  return latest?.relay.total ?? 0;
}
