import type { LeaderboardEntry, RidePoint } from '@ridealong/contracts';

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
