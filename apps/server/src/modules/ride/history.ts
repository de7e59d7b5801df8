import type { HistoryLeaderboardResponse, LeaderboardEntry } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import {
  historyCache,
  type HistoryCache,
  type HistoryCacheOptions,
  type HistoryView,
} from '../tracks/history-cache.js';
import { historyRepository } from '../tracks/history-repository.js';
import {
  historyStandingsReader,
  SINCE_LIMIT,
  type HistoryStandingsReader,
} from '../tracks/history-standings-read.js';
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
 * rides at one second. Read from the video's standings in the database (per level a mark and
 * an index count of at most K rows, about log2(rides / 64) levels; the shown rows; the rides
 * saved since the last build and the removed ones: tracks/history-standings-read.ts), so its
 * cost grows with log(rides), on every process alike. A video with more than SINCE_LIMIT rides saved since its last build (not built yet)
 * is answered from the per-process cache instead. Ranks count the asking rider.
 */
export async function historyAnswer(
  source: HistorySource,
  q: HistoryQuestion,
): Promise<HistoryLeaderboardResponse> {
  const read = await source.standings.read(q.raceId, q.second, q.sum, q.ownTrackId);
  if (read.since.length > SINCE_LIMIT) return cachedAnswer(source.cache, q);
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
  const leaderboard: LeaderboardEntry[] = [];
  for (const { rank, row } of picked) {
    const ride = rides.get(row.trackId);
    if (!ride) continue;
    leaderboard.push({
      username: ride.username,
      user_id: ride.userId,
      url: ride.url,
      track_id: row.trackId,
      // A ride that had ended shows its last second's values.
      elapsed_time: Math.min(ride.last, q.second),
      accumulated_power: row.sum,
      power: ride.power,
      heart_rate: ride.heartRate,
      cadence: ride.cadence,
      distance: ride.distance,
      active: ride.last >= q.second,
      rank,
    });
  }
  return { start: q.second, leaderboard, total: plan.total, rank: plan.rank };
}

/** The per-process cache's answer (tracks/history-cache.ts): O(rides) once per second. */
async function cachedAnswer(
  cache: HistoryCache,
  q: HistoryQuestion,
): Promise<HistoryLeaderboardResponse> {
  const view = await cache.at(q.raceId, q.second);
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
  const leaderboard: LeaderboardEntry[] = [];
  for (const { rank, position } of plan.rows) {
    const row = standings.rowAt(positionIn(position));
    const ride = view.ride(row.trackId);
    if (!ride) continue;
    // A ride that had ended shows its last second's values.
    const second = Math.min(ride.last, q.second);
    leaderboard.push({
      username: ride.username,
      user_id: ride.userId,
      url: ride.url,
      track_id: row.trackId,
      elapsed_time: second,
      accumulated_power: row.sum,
      power: row.power,
      heart_rate: row.heartRate,
      cadence: row.cadence,
      distance: row.distance,
      active: ride.last >= q.second,
      rank,
    });
  }
  return { start: q.second, leaderboard, total: plan.total, rank: plan.rank };
}

/** Where the asker's own saved ride stands at that second, or -1 (a ride being recorded). */
async function ownPosition(view: HistoryView, q: HistoryQuestion): Promise<number> {
  if (q.ownTrackId === null || !view.ride(q.ownTrackId)) return -1;
  const sum = await view.sumOf(q.ownTrackId);
  return sum === null ? -1 : view.standings.positionOf(sum, q.ownTrackId);
}
