import type { HistoryLeaderboardResponse, LeaderboardEntry } from '@ridealong/contracts';
import type { HistoryCache, HistoryView } from '../tracks/history-cache.js';
import { leaderboardPlan } from './standings-window.js';

export type HistoryQuestion = {
  raceId: number;
  second: number;
  /** The asking rider's accumulated power at that second; null when not known yet. */
  sum: number | null;
  /** The asking rider's own track: left out of the earlier rides when it is saved already. */
  ownTrackId: number | null;
};

/**
 * history-leaderboard's answer: the bounded window (standings-window.ts) of the earlier saved
 * rides at one second, read from the per-video standings every rider of the video shares
 * (tracks/history-cache.ts). Its cost is a binary search and the few shown entries' values,
 * whatever the number of earlier rides. Ranks count the asking rider.
 */
export async function historyAnswer(
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
