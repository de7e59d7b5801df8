import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { races, trackPoints, tracks, type NewTrackPointRow } from '../../db/schema.js';
import type { PointValues } from '../tracks/index.js';
import { tracksRepository } from '../tracks/index.js';
import { batchProblem } from '../tracks/index.js';
import { RideError } from './errors.js';

/** The stored point before a batch, as one JSON array (see `storeBatch`). */
type PackedPoint = [number, number, number, number, number, number, number, string];

const unpackPoint = (p: PackedPoint | null): PointValues | null =>
  p && {
    elapsedTime: p[0],
    accumulatedPower: p[1],
    power: p[2],
    heartRate: p[3],
    cadence: p[4],
    distance: p[5],
    speed: p[6],
    recordedAt: new Date(p[7]),
  };

/**
 * Stores a batch idempotently: a second already stored stays as it was first stored. A batch
 * beyond what the video and the clock allow (tracks/ride-bounds.ts) is refused whole. Answers
 * the seconds now stored, or null when the track is not the member's recording ride. Every
 * rider pushes every 10 s, so this is kept to five round trips: BEGIN, the row lock and everything
 * the bounds need in one statement, the ride's last second, the points, COMMIT.
 */
export async function storeBatch(
  db: Db,
  q: { userId: number; trackId: number; rows: NewTrackPointRow[]; now: Date },
): Promise<number[] | null> {
  const first = q.rows[0];
  if (!first) {
    const [own] = await db
      .select({ id: tracks.id })
      .from(tracks)
      .where(
        and(eq(tracks.id, q.trackId), eq(tracks.userId, q.userId), eq(tracks.status, 'recording')),
      );
    return own ? [] : null;
  }
  return db.transaction(async (tx) => {
    const p = trackPoints;
    // Taking the row lock first: a stop-track saving this ride waits, or has already won.
    const [open] = await tx
      .select({
        createdAt: tracks.createdAt,
        rideMode: tracks.rideMode,
        duration: races.duration,
        firstStored: sql<
          number | null
        >`(select min(${p.elapsedTime}) from ${p} where ${p.trackId} = ${tracks.id})`,
        before: sql<PackedPoint | null>`(select json_build_array(${p.elapsedTime},
          ${p.accumulatedPower}, ${p.power}, ${p.heartRate}, ${p.cadence}, ${p.distance},
          ${p.speed}, ${p.recordedAt}) from ${p} where ${p.trackId} = ${tracks.id}
          and ${p.elapsedTime} < ${first.elapsedTime} order by ${p.elapsedTime} desc limit 1)`,
      })
      .from(tracks)
      .leftJoin(races, eq(races.id, tracks.raceId))
      .where(
        and(eq(tracks.id, q.trackId), eq(tracks.userId, q.userId), eq(tracks.status, 'recording')),
      )
      .for('update', { of: tracks });
    if (!open) return null;
    const problem = batchProblem(q.rows, {
      videoDuration: open.duration ?? 0,
      rideMode: open.rideMode,
      createdAt: open.createdAt,
      now: q.now,
      firstStored: open.firstStored,
      before: unpackPoint(open.before),
    });
    if (problem) throw new RideError(problem);
    await tracksRepository(tx).advance(q.trackId, q.rows.at(-1)?.elapsedTime ?? -1);
    await tracksRepository(tx).insertPoints(q.rows);
    return q.rows.map((r) => r.elapsedTime);
  });
}
