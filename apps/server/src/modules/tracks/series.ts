import { ACTIVITY_SERIES_MAX_SECONDS, type ActivitySeries } from '@ridealong/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type TrackRow } from '../../db/schema.js';
import { breathe } from './points-repository.js';

/**
 * A ride's stored seconds as columns (index i is the same second in each), with the road under
 * each (null where the video has no slope data), as stored: not rounded yet.
 */
export type SeriesColumns = {
  elapsedTime: number[];
  power: number[];
  heartRate: number[];
  cadence: number[];
  distance: number[];
  grade: (number | null)[];
  elevation: (number | null)[];
};

/**
 * Seconds read per statement: a 6-hour ride is 12 reads with a turn of the event loop between
 * them, so PGlite (one query at a time, on the loop) serves other requests in between.
 */
export const SERIES_SLICE = 1800;

const emptyColumns = (): SeriesColumns => ({
  elapsedTime: [],
  power: [],
  heartRate: [],
  cadence: [],
  distance: [],
  grade: [],
  elevation: [],
});

/** The first `n` values rounded to `digits` decimals (nulls stay null), in one loop. */
function rounded<T extends number | null>(values: readonly T[], n: number, digits: number): T[] {
  const f = 10 ** digits;
  const out = new Array<T>(n);
  for (let i = 0; i < n; i += 1) {
    const v = values[i] as T;
    out[i] = (v === null ? null : Math.round(v * f) / f) as T;
  }
  return out;
}

/**
 * A ride's seconds as the page's columns: rounded to what a chart shows (whole watts, beats
 * and revolutions, decimetres), at most ACTIVITY_SERIES_MAX_SECONDS of them.
 */
export function shapeSeries(
  track: Pick<TrackRow, 'id' | 'title' | 'raceUrl' | 'startedAt' | 'rideMode' | 'difficulty'>,
  columns: SeriesColumns,
  /** The rider's weight in kg (null: none in their profile). */
  riderWeight: number | null = null,
): ActivitySeries {
  const n = Math.min(columns.elapsedTime.length, ACTIVITY_SERIES_MAX_SECONDS);
  return {
    track_id: track.id,
    title: track.title,
    url: track.raceUrl,
    timestamp: track.startedAt.toISOString(),
    elapsed_time: columns.elapsedTime.slice(0, n),
    power: rounded(columns.power, n, 0),
    heart_rate: rounded(columns.heartRate, n, 0),
    cadence: rounded(columns.cadence, n, 0),
    distance: rounded(columns.distance, n, 1),
    grade: rounded(columns.grade, n, 1),
    elevation: rounded(columns.elevation, n, 1),
    // Only a weight W/kg can divide by: the column allows a null, never a zero.
    rider_weight: riderWeight !== null && riderWeight > 0 ? riderWeight : null,
    ride_mode: track.rideMode,
    difficulty: track.difficulty,
  };
}

/**
 * The rider's weight as their profile has it now: the page's W/kg is the rider's, not the
 * viewer's (an admin may read anyone's ride). No weight is kept per ride.
 */
export async function riderWeight(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ weight: users.weight })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.weight ?? null;
}

/** One slice's columns as the database aggregates them (json_agg: null over no rows). */
type SliceRow = { [K in keyof SeriesColumns]: SeriesColumns[K] | null };

/**
 * Every second of a saved ride with the video's grade and elevation at that second, in order,
 * read a slice at a time; never more than the longest ride, whatever is stored. Each slice is
 * one row of JSON arrays, a column each (parsed natively by the driver): turning 1,800 rows of
 * 7 values a slice into objects was most of a 6-hour answer's time, with joining each slice to
 * the whole video's road (the join now starts at the slice's first second).
 */
export async function readSeries(
  db: Db,
  track: Pick<TrackRow, 'id' | 'raceId' | 'rideMode'>,
): Promise<SeriesColumns> {
  // The road at each point: its second of video (a reactive ride's video_time, whose seconds
  // are not the ride's, so its join cannot start at the slice's first second).
  const roadSecond =
    track.rideMode === 'reactive' ? sql`floor(video_time)::int` : sql`elapsed_time`;
  const roadFrom = (after: number) =>
    track.rideMode === 'reactive' ? sql`` : sql`and r.second > ${after}`;
  const out = emptyColumns();
  const keys = Object.keys(out) as Array<keyof SeriesColumns>;
  for (let after = -1; out.elapsedTime.length < ACTIVITY_SERIES_MAX_SECONDS;) {
    const limit = Math.min(SERIES_SLICE, ACTIVITY_SERIES_MAX_SECONDS - out.elapsedTime.length);
    const result = await db.execute(sql`
      select json_agg(p.elapsed_time order by p.elapsed_time) as "elapsedTime",
             json_agg(p.power order by p.elapsed_time) as "power",
             json_agg(p.heart_rate order by p.elapsed_time) as "heartRate",
             json_agg(p.cadence order by p.elapsed_time) as "cadence",
             json_agg(p.distance order by p.elapsed_time) as "distance",
             json_agg(r.slope order by p.elapsed_time) as "grade",
             json_agg(r.elevation order by p.elapsed_time) as "elevation"
        from (select elapsed_time, power, heart_rate, cadence, distance,
                     ${roadSecond} as road_second from track_points
               where track_id = ${track.id} and elapsed_time > ${after}
               order by elapsed_time limit ${limit}) p
        left join race_slope_points r
          on r.race_id = ${track.raceId} and r.second = p.road_second ${roadFrom(after)}`);
    const [row] = (result as unknown as { rows: SliceRow[] }).rows;
    const seconds = row?.elapsedTime ?? [];
    for (const key of keys) (out[key] as unknown[]).push(...(row?.[key] ?? []));
    const last = seconds.at(-1);
    if (last === undefined || seconds.length < limit) return out;
    after = last;
    await breathe();
  }
  return out;
}
