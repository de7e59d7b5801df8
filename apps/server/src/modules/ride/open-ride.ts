import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tracks, type TrackRow } from '../../db/schema.js';
import type { RideValues } from './one-recording.js';

/**
 * How long after a ride's last sign of life (its add-track, or its last stored batch) an
 * add-track without `client_ride_id` for the same video is taken as the same ride asked again
 * (a duplicate, or a resend after a reconnect) rather than a new one. Pushes come every 10 s of
 * video, so a ride that has been silent this long was left, or its rider waited through an
 * outage; the web app's rides, which always send a client ride id, are never matched.
 */
export const RESUME_WINDOW_SECONDS = 120;

/** Ride ids the server makes for add-tracks that came without one. */
const SERVER_RIDE_PREFIX = 'server:';

const lastSignOfLife = sql`greatest(${tracks.createdAt}, ${tracks.updatedAt})`;

/** The member's open ride of a video started without a client ride id, still in its window. */
async function openRide(db: Db, userId: number, raceId: number): Promise<TrackRow | null> {
  const [row] = await db
    .select()
    .from(tracks)
    .where(
      and(
        eq(tracks.userId, userId),
        eq(tracks.raceId, raceId),
        eq(tracks.status, 'recording'),
        like(tracks.clientRideId, `${SERVER_RIDE_PREFIX}%`),
        gt(lastSignOfLife, sql`now() - make_interval(secs => ${RESUME_WINDOW_SECONDS})`),
      ),
    )
    .orderBy(desc(tracks.id))
    .limit(1);
  return row ?? null;
}

/**
 * add-track without a client ride id: the member's open ride of this video when it is within
 * the resume window, otherwise a new one. Runs in the caller's transaction, which holds the
 * member's row lock (one-recording.ts), so two such add-tracks at once make one ride.
 */
export async function openOrInsert(tx: Db, values: RideValues): Promise<TrackRow> {
  const open = await openRide(tx, values.userId, values.raceId);
  if (open) return open;
  const [row] = await tx
    .insert(tracks)
    .values({ ...values, clientRideId: `${SERVER_RIDE_PREFIX}${randomUUID()}` })
    .returning();
  if (!row) throw new Error('track not inserted');
  return row;
}

/** push-points with no track known on its socket (a reconnect): that open ride, if any. */
export const openRideOf = (db: Db, userId: number, raceId: number) =>
  openRide(db, userId, raceId).then((row) => row?.id ?? null);
