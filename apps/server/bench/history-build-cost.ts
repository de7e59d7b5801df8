/**
 * The history standings' build cost per saved ride (history-leaderboard.bench.ts): rides saved
 * 64 at a time (as the worker's sweep takes them) into a video, each batch merged into its
 * levels by the real build, timed, with the rows it wrote. Run on a video of N rides and one of
 * N/10: with the logarithmic method the cost per 64 saves depends on the levels merged (about
 * log2(rides / 64) of them), not on N; recomputing every mark (the design before) read N x S.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Database } from '../src/db/client.js';
import { buildStandings } from '../src/modules/tracks/history-standings-build.js';

export type BuildCost = { merges: number; msPer64: number; rowsPer64: number; levels: number[] };

/** `merges` batches of 64 rides saved into `raceId` (through the tracks triggers), each built. */
export async function measureBuildCost(
  database: Database,
  databaseUrl: string,
  raceId: number,
  merges: number,
  seconds: number,
): Promise<BuildCost> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let ms = 0;
  let rows = 0;
  const levels: number[] = [];
  try {
    for (let m = 0; m < merges; m++) {
      const { rows: ids } = await client.query<{ id: number }>(
        `insert into tracks (user_id, race_id, race_url, title, client_ride_id, status,
                             started_at, total_distance, duration, accumulated_power,
                             last_elapsed_time)
         select 2 + i, $1::int, r.url, r.title, 'cost-' || $1::int || '-' || $2::int || '-' || i,
                'saved', now(), $3::int * 8, $3::int + 1, ($3::int + 1) * 250, $3::int
           from generate_series(1, 64) i cross join races r where r.id = $1::int
         returning id`,
        [raceId, m, seconds - 1],
      );
      await client.query(
        `insert into track_points (track_id, race_id, elapsed_time, accumulated_power, power,
                                   heart_rate, cadence, distance, speed, recorded_at)
         select t, $2::int, s, (s + 1) * (100 + (t * 7919) % 300), 100 + (t * 7919) % 300, 140, 90,
                s * 8, 8, now()
           from unnest($1::int[]) t cross join generate_series(0, $3::int - 1) s`,
        [ids.map((r) => r.id), raceId, seconds],
      );
      const t0 = performance.now();
      const result = await buildStandings(database.db, raceId);
      if (!result) {
        // The app's own sweep took this batch first: let it finish, and count it as not timed.
        await leaseFree(client, raceId);
        continue;
      }
      ms += performance.now() - t0;
      rows += result.rowsWritten;
      levels.push(result.level);
    }
  } finally {
    await client.end();
  }
  const timed = Math.max(1, levels.length);
  return { merges: levels.length, msPer64: ms / timed, rowsPer64: rows / timed, levels };
}

async function leaseFree(client: pg.Client, raceId: number): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ held: boolean }>(
      `select coalesce(lease_until > now(), false) as held from race_standings_state
        where race_id = $1`,
      [raceId],
    );
    if (!rows[0]?.held) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A seeded video's levels: build i + 1 holds the rides of history_seq in [from, to]. */
export type SeededLevel = { level: number; build: number; rides: number; from: number; to: number };

/**
 * Levels as merges leave them, from `lowest` up: each full but the last, which takes the rest
 * (so up to 2^lowest - 1 merges of `base` rides fill the levels below without touching them).
 */
export function seededLevels(rides: number, base: number, lowest: number): SeededLevel[] {
  const levels: SeededLevel[] = [];
  let from = 1;
  for (let level = lowest; from <= rides; level++) {
    const cap = base * 2 ** level;
    const left = rides - from + 1;
    const size = Math.min(left, cap);
    levels.push({ level, build: levels.length + 1, rides: size, from, to: from + size - 1 });
    from += size;
  }
  return levels;
}

/** SQL for a seeded ride's build, by its history_seq. */
export const buildOfSeq = (levels: SeededLevel[]) =>
  `case ${levels.map((l) => `when t.history_seq <= ${l.to} then ${l.build}`).join(' ')} end`;

/** Prints both videos' cost per 64 saves; returns big over small, in rows and in time. */
export function compareBuildCost(
  big: BuildCost & { rides: number },
  small: BuildCost & { rides: number },
  seconds: number,
): { rows: number; ms: number } {
  for (const c of [big, small]) {
    console.log(
      `build per 64 saves, ${c.rides} rides: ${c.msPer64.toFixed(1)} ms, ` +
        `${Math.round(c.rowsPer64)} rows written (${(c.rowsPer64 / 64 / seconds).toFixed(1)} ` +
        `per saved ride-second; levels ${c.levels.join(',')}; ${c.merges} timed)`,
    );
  }
  return { rows: big.rowsPer64 / small.rowsPer64, ms: big.msPer64 / small.msPer64 };
}
