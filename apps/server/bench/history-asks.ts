/** The history leaderboard bench's riders (history-leaderboard.bench.ts): asks, timed and checked. */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { RideSocket } from './ride-socket.js';

/** Entries an answer may hold at most (document 001 section 9: 10; 20 leaves a margin). */
export const MAX_ENTRIES = 20;

export type Ask = { socket: RideSocket; raceUrl: string; second: number; sum: number };

/** One answer, timed; checks its size and that it is the video's (or empty). */
export async function ask(q: Ask): Promise<{ ms: number; rank: number | null; total: number }> {
  const start = performance.now();
  const answer = await q.socket.timeout(10_000).emitWithAck('history-leaderboard', {
    raceUrl: q.raceUrl,
    elapsed_time: q.second,
    accumulated_power: q.sum,
  });
  const ms = performance.now() - start;
  if (!answer.ok) throw new Error(answer.message);
  if (answer.leaderboard.length > MAX_ENTRIES) {
    throw new Error(`${answer.leaderboard.length} entries at second ${q.second}`);
  }
  return { ms, rank: answer.rank, total: answer.total };
}

/** A rider somewhere in the standings: 100-399 W average up to a random second. */
export const rider = (socket: RideSocket, seconds: number, raceUrl = 'bench-video'): Ask => {
  const second = Math.floor(Math.random() * seconds);
  return { socket, raceUrl, second, sum: (second + 1) * (100 + Math.random() * 300) };
};

/** The asker's rank counted in SQL (video 1): riders at that second with more, plus ended ones. */
export async function sqlRank(client: pg.Client, q: Ask): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select (select count(*) from track_points where race_id = 1 and elapsed_time = $1
               and accumulated_power > $2)
          + (select count(*) from tracks t join track_points p
               on p.track_id = t.id and p.elapsed_time = t.last_elapsed_time
             where t.race_id = 1 and t.status = 'saved' and t.last_elapsed_time < $1
               and p.accumulated_power > $2) as n`,
    [q.second, q.sum],
  );
  return Number(rows[0]?.n ?? 0) + 1;
}
