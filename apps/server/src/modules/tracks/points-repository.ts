import { and, asc, between, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { trackPoints } from '../../db/schema.js';
import type { PointValues, RideEdges } from './gap-fill.js';

/**
 * Seconds of a ride one statement touches. PGlite runs queries on the event loop and one at a
 * time, so a ride is filled, published and read in slices of this size with a turn of the loop
 * between them (about 5-40 ms each on PGlite, the first ones slowest): other requests go in
 * between.
 */
export const POINTS_SLICE = 100;

/** Lets timers, I/O and queued queries run before the next slice. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

const values = {
  elapsedTime: trackPoints.elapsedTime,
  accumulatedPower: trackPoints.accumulatedPower,
  power: trackPoints.power,
  heartRate: trackPoints.heartRate,
  cadence: trackPoints.cadence,
  distance: trackPoints.distance,
  speed: trackPoints.speed,
  recordedAt: trackPoints.recordedAt,
};

/** The slice-sized statements over one track's points. */
export function pointsRepository(db: Db) {
  const ofTrack = (trackId: number) => eq(trackPoints.trackId, trackId);

  return {
    /** The first and last stored points, or null when nothing was recorded. */
    async edges(trackId: number): Promise<RideEdges | null> {
      const end = (order: typeof asc) =>
        db
          .select(values)
          .from(trackPoints)
          .where(ofTrack(trackId))
          .orderBy(order(trackPoints.elapsedTime))
          .limit(1);
      const [[first], [last]] = await Promise.all([end(asc), end(desc)]);
      return first && last ? { first, last } : null;
    },

    /** The stored point just before `second` (a batch's neighbour), or null. */
    async before(trackId: number, second: number): Promise<PointValues | null> {
      const [row] = await db
        .select(values)
        .from(trackPoints)
        .where(and(ofTrack(trackId), lt(trackPoints.elapsedTime, second)))
        .orderBy(desc(trackPoints.elapsedTime))
        .limit(1);
      return row ?? null;
    },

    /** Drops points past `second` (only rides recorded before the bounds have any). */
    async dropAfter(trackId: number, second: number): Promise<void> {
      await db
        .delete(trackPoints)
        .where(and(ofTrack(trackId), gt(trackPoints.elapsedTime, second)));
    },

    /**
     * Fills the missing seconds of [from, to]: each carries the previous point forward, its
     * recorded time moved on by the gap. Only the points around the slice are read (the one
     * before it, those in it and the one after), so a slice costs the same anywhere in a ride.
     * Existing seconds are left alone, so a resumed save repeats it safely.
     */
    async fillSlice(trackId: number, raceId: number | null, from: number, to: number) {
      const tp = trackPoints;
      const near = sql`
        select p.*, lead(p.elapsed_time) over (order by p.elapsed_time) as next_second
        from ${tp} p
        where p.track_id = ${trackId}
          and p.elapsed_time >= coalesce((select max(elapsed_time) from ${tp}
            where track_id = ${trackId} and elapsed_time <= ${from}::int), ${from}::int)
          and p.elapsed_time <= coalesce((select min(elapsed_time) from ${tp}
            where track_id = ${trackId} and elapsed_time > ${to}::int), ${to}::int)`;
      await db.execute(sql`
        insert into ${tp} (track_id, race_id, elapsed_time, accumulated_power, power,
          heart_rate, cadence, distance, speed, video_time, recorded_at)
        select p.track_id, ${raceId}::int, s.second, p.accumulated_power, p.power,
          p.heart_rate, p.cadence, p.distance, p.speed, p.video_time,
          p.recorded_at + (s.second - p.elapsed_time) * interval '1 second'
        from (${near}) p
        cross join lateral generate_series(greatest(p.elapsed_time + 1, ${from}::int),
          least(p.next_second - 1, ${to}::int)) as s(second)
        where p.next_second > p.elapsed_time + 1
        on conflict do nothing`);
    },

    /** Puts the points of [from, to] into the video's history. */
    async publishSlice(trackId: number, raceId: number | null, from: number, to: number) {
      await db
        .update(trackPoints)
        .set({ raceId })
        .where(and(ofTrack(trackId), between(trackPoints.elapsedTime, from, to)));
    },

    /** Every point in order, read a slice at a time with a turn of the loop between slices. */
    async allSliced(trackId: number): Promise<PointValues[]> {
      const out: PointValues[] = [];
      for (let after = -1; ;) {
        const rows = await db
          .select(values)
          .from(trackPoints)
          .where(and(ofTrack(trackId), gt(trackPoints.elapsedTime, after)))
          .orderBy(asc(trackPoints.elapsedTime))
          .limit(POINTS_SLICE);
        out.push(...rows);
        const last = rows.at(-1);
        if (!last || rows.length < POINTS_SLICE) return out;
        after = last.elapsedTime;
        await breathe();
      }
    },
  };
}
