/**
 * The history standings' build cost per saved ride (history-leaderboard.bench.ts): rides saved
 * 64 at a time (as the worker's sweep takes them) into a video, each batch merged into its
 * levels by the real build, timed, with the rows it wrote. Run on a video of N rides and one of
 * N/10: with the logarithmic method the cost per 64 saves depends on the levels merged (about
 * log2(rides / 64) of them), not on N; recomputing every mark (the design before) read N x S.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../src/db/client.js';
import { buildStandings } from '../src/modules/tracks/history-standings-build.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export type BuildCost = { merges: number; msPer64: number; rowsPer64: number; levels: number[] };

/** Rides a batch saves: one sweep's worth (level 0's capacity). */
export const BATCH_RIDES = 64;

/**
 * Saves `BATCH_RIDES` rides of `raceId` (users 3..66, each `seconds` long) as batch `batch`,
 * the rides and their points in one transaction: saving publishes a ride's points before the
 * transaction that marks it saved (tracks/lifecycle.ts), so no build sees a saved ride without
 * them. The app's own standings sweep runs in the bench's server and may build the video
 * between any two commits: a ride it saw saved before its points were in was built without a
 * row, and the build moved past it, so the batch was left out of the standings for good.
 */
export async function saveRideBatch(
  db: Db,
  raceId: number,
  batch: number,
  seconds: number,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into tracks (user_id, race_id, race_url, title, client_ride_id, status,
                            started_at, total_distance, duration, accumulated_power,
                            last_elapsed_time)
        select 2 + i, r.id, r.url, r.title, 'cost-' || r.id || '-' || ${batch}::int || '-' || i,
               'saved', now(), ${seconds - 1}::int * 8, ${seconds}::int, ${seconds}::int * 250,
               ${seconds - 1}::int
          from generate_series(1, ${BATCH_RIDES}::int) i cross join races r
         where r.id = ${raceId}::int
        returning id`),
    ).map((r) => Number(r.id));
    await tx.execute(sql`
      insert into track_points (track_id, race_id, elapsed_time, accumulated_power, power,
                                heart_rate, cadence, distance, speed, recorded_at)
      select t, ${raceId}::int, s, (s + 1) * (100 + (t * 7919) % 300), 100 + (t * 7919) % 300,
             140, 90, s * 8, 8, now()
        from unnest(${`{${ids.join(',')}}`}::int[]) t
        cross join generate_series(0, ${seconds - 1}::int) s`);
    return ids;
  });
}

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
      await saveRideBatch(database.db, raceId, m, seconds);
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
