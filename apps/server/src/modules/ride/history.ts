import type { HistoryLeaderboardResponse, LeaderboardEntry } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import {
  historyCache,
  type HistoryCache,
  type HistoryCacheOptions,
  type HistoryView,
} from '../tracks/index.js';
import { historyRepository } from '../tracks/index.js';
import {
  historyStandingsReader,
  SINCE_LIMIT,
  type HistoryStandingsReader,
} from '../tracks/index.js';
import { mergeStandings } from './standings-merge.js';
import { leaderboardPlan } from './standings-window.js';

export type HistoryQuestion = {
  raceId: number;
  second: number;
  /** The asking rider's accumulated power at that second; null when not known yet. */
  sum: number | null;
  /** The asking rider's own track: left out of the earlier rides when it is saved already. */
  ownTrackId: number | null;
};

/** Where answers come from: the database's standings, else (a video not built yet) the cache. */
export type HistorySource = { standings: HistoryStandingsReader; cache: HistoryCache };

export function historySource(db: Db, cache: Partial<HistoryCacheOptions> = {}): HistorySource {
  return {
    standings: historyStandingsReader(db),
    cache: historyCache(historyRepository(db), cache),
  };
}

/**
 * history-leaderboard's answer: the bounded window (standings-window.ts) of the earlier saved
 * rides at one second. A second this process holds in memory (tracks/history-cache.ts: riders
 * who keep asking a video, as fresh as its version in the database) is answered from there. Otherwise
 * it is read from the video's standings in the database (per level a mark and an index count
 * of at most K rows, about log2(rides / 64) levels; the shown rows; the rides saved since the
 * last build and the removed ones: tracks/history-standings-read.ts), so a first rider's cost
 * grows with log(rides), on every process alike. A video with more than SINCE_LIMIT rides
 * saved since its last build (not built yet) is answered from the cache. Ranks count the
 * asking rider.
 */
export async function historyAnswer(
  source: HistorySource,
  q: HistoryQuestion,
): Promise<HistoryLeaderboardResponse> {
  const warm = await source.cache.peek(q.raceId, q.second);
  if (warm) return viewAnswer(warm, q);
  const read = await source.standings.read(q.raceId, q.second, q.sum, q.ownTrackId);
  if (read.since.length > SINCE_LIMIT)
    return viewAnswer(await source.cache.at(q.raceId, q.second), q);
  const merged = mergeStandings(read, q.sum, q.ownTrackId);
  const plan = leaderboardPlan(merged.count, merged.above);
  const picked = plan.rows.flatMap(({ rank, position }) => {
    const row = merged.rowAt(position);
    return row ? [{ rank, row }] : [];
  });
  const rides = await source.standings.shown(
    picked.map((p) => p.row.trackId),
    q.second,
  );
  const leaderboard = picked.flatMap(({ rank, row }) => {
    const ride = rides.get(row.trackId);
    return ride ? [entryOf(rank, q.second, row.sum, ride, ride)] : [];
  });
  return { start: q.second, leaderboard, total: plan.total, rank: plan.rank };
}

type Rider = { trackId: number; userId: number; username: string; url: string; last: number };
type Values = { power: number; heartRate: number; cadence: number; distance: number };

/** One row of the board; a ride that had ended shows its last second's values. */
function entryOf(
  rank: number,
  second: number,
  sum: number,
  ride: Rider,
  values: Values,
): LeaderboardEntry {
  return {
    username: ride.username,
    user_id: ride.userId,
    url: ride.url,
    track_id: ride.trackId,
    elapsed_time: Math.min(ride.last, second),
    accumulated_power: sum,
    power: values.power,
    heart_rate: values.heartRate,
    cadence: values.cadence,
    distance: values.distance,
    active: ride.last >= second,
    rank,
  };
}

/** The answer from a second's standings held in memory (tracks/history-cache.ts). */
async function viewAnswer(
  view: HistoryView,
  q: HistoryQuestion,
): Promise<HistoryLeaderboardResponse> {
  const { standings } = view;
  const skip = await ownPosition(view, q);
  const count = standings.length - (skip >= 0 ? 1 : 0);
  let above: number | null = null;
  if (q.sum !== null) {
    const ahead = standings.countAbove(q.sum);
    above = ahead - (skip >= 0 && skip < ahead ? 1 : 0);
  }
  const plan = leaderboardPlan(count, above);
  const positionIn = (p: number) => (skip >= 0 && p >= skip ? p + 1 : p);
  const leaderboard = plan.rows.flatMap(({ rank, position }) => {
    const row = standings.rowAt(positionIn(position));
    const ride = view.ride(row.trackId);
    return ride ? [entryOf(rank, q.second, row.sum, ride, row)] : [];
  });
  return { start: q.second, leaderboard, total: plan.total, rank: plan.rank };
}

/** Where the asker's own saved ride stands at that second, or -1 (a ride being recorded). */
async function ownPosition(view: HistoryView, q: HistoryQuestion): Promise<number> {
  if (q.ownTrackId === null || !view.ride(q.ownTrackId)) return -1;
  const sum = await view.sumOf(q.ownTrackId);
  return sum === null ? -1 : view.standings.positionOf(sum, q.ownTrackId);
}
