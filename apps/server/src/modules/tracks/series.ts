import { ACTIVITY_SERIES_MAX_SECONDS, type ActivitySeries } from '@ridealong/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { raceSlopePoints, trackPoints, type TrackRow } from '../../db/schema.js';
import { breathe } from './points-repository.js';

/** One stored second with the road under it (null when the video has no slope data there). */
export type SeriesRow = {
  elapsedTime: number;
  power: number;
  heartRate: number;
  cadence: number;
  distance: number;
  grade: number | null;
  elevation: number | null;
};

/**
 * Seconds read per statement: a 6-hour ride is 12 reads with a turn of the event loop between
 * them, so PGlite (one query at a time, on the loop) serves other requests in between.
 */
export const SERIES_SLICE = 1800;

const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/**
 * A ride's seconds as the page's columns: rounded to what a chart shows (whole watts, beats
 * and revolutions, decimetres), at most ACTIVITY_SERIES_MAX_SECONDS of them.
 */
export function shapeSeries(
  track: Pick<TrackRow, 'id' | 'title' | 'raceUrl' | 'startedAt'>,
  rows: readonly SeriesRow[],
): ActivitySeries {
  const kept = rows.slice(0, ACTIVITY_SERIES_MAX_SECONDS);
  const column = (pick: (r: SeriesRow) => number, digits = 0) =>
    kept.map((r) => round(pick(r), digits));
  const nullable = (pick: (r: SeriesRow) => number | null) =>
    kept.map((r) => {
      const v = pick(r);
      return v === null ? null : round(v, 1);
    });
  return {
    track_id: track.id,
    title: track.title,
    url: track.raceUrl,
    timestamp: track.startedAt.toISOString(),
    elapsed_time: kept.map((r) => r.elapsedTime),
    power: column((r) => r.power),
    heart_rate: column((r) => r.heartRate),
    cadence: column((r) => r.cadence),
    distance: column((r) => r.distance, 1),
    grade: nullable((r) => r.grade),
    elevation: nullable((r) => r.elevation),
  };
}

/**
 * Every second of a saved ride with the video's grade and elevation at that second, in order,
 * read a slice at a time; never more than the longest ride, whatever is stored.
 */
export async function readSeries(
  db: Db,
  track: Pick<TrackRow, 'id' | 'raceId'>,
): Promise<SeriesRow[]> {
  const out: SeriesRow[] = [];
  const road = and(
    track.raceId === null ? sql`false` : eq(raceSlopePoints.raceId, track.raceId),
    eq(raceSlopePoints.second, trackPoints.elapsedTime),
  );
  for (let after = -1; out.length < ACTIVITY_SERIES_MAX_SECONDS;) {
    const rows = await db
      .select({
        elapsedTime: trackPoints.elapsedTime,
        power: trackPoints.power,
        heartRate: trackPoints.heartRate,
        cadence: trackPoints.cadence,
        distance: trackPoints.distance,
        grade: raceSlopePoints.slope,
        elevation: raceSlopePoints.elevation,
      })
      .from(trackPoints)
      .leftJoin(raceSlopePoints, road)
      .where(and(eq(trackPoints.trackId, track.id), gt(trackPoints.elapsedTime, after)))
      .orderBy(asc(trackPoints.elapsedTime))
      .limit(Math.min(SERIES_SLICE, ACTIVITY_SERIES_MAX_SECONDS - out.length));
    out.push(...rows);
    const last = rows.at(-1);
    if (!last || rows.length < SERIES_SLICE) return out;
    after = last.elapsedTime;
    await breathe();
  }
  return out;
}
