import { and, asc, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { RideMode } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import {
  races,
  stravaUploads,
  trackPoints,
  tracks,
  type NewTrackPointRow,
  type RaceRow,
  type StravaUploadRow,
  type TrackRow,
} from '../../db/schema.js';

/** Where a ride stands with Strava (its strava_uploads row), for the activity card. */
export type TrackStravaRow = Pick<StravaUploadRow, 'state' | 'activityId' | 'error'>;

export type TrackWithRace = {
  track: TrackRow;
  race: Pick<RaceRow, 'id' | 'status' | 'mediaKey' | 'posterFile'> | null;
  /** Its Strava upload, when there is one (absent: read without it). */
  strava?: TrackStravaRow | null;
};

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 11 columns a row. */
const INSERT_CHUNK = 2000;

export function tracksRepository(db: Db) {
  return {
    async findById(id: number): Promise<TrackRow | null> {
      const [row] = await db.select().from(tracks).where(eq(tracks.id, id)).limit(1);
      return row ?? null;
    },

    /** Locks the row for the rest of the transaction (save and delete take turns). */
    async lock(id: number): Promise<TrackRow | null> {
      const [row] = await db.select().from(tracks).where(eq(tracks.id, id)).for('update');
      return row ?? null;
    },

    /** Creates the ride, or finds the one this client already made with the same ride id. */
    async createOnce(values: {
      userId: number;
      raceId: number;
      raceUrl: string;
      title: string;
      clientRideId: string;
      rideMode: RideMode;
      difficulty: number;
    }): Promise<TrackRow> {
      await db.insert(tracks).values(values).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(tracks)
        .where(and(eq(tracks.userId, values.userId), eq(tracks.clientRideId, values.clientRideId)));
      if (!row) throw new Error('track vanished after insert');
      return row;
    },

    async insertPoints(rows: NewTrackPointRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await db
          .insert(trackPoints)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .onConflictDoNothing();
      }
    },

    /** Moves the ride's last stored second forward (never back). */
    async advance(trackId: number, lastElapsedTime: number): Promise<void> {
      await db
        .update(tracks)
        .set({
          lastElapsedTime: sql`greatest(coalesce(${tracks.lastElapsedTime}, -1), ${lastElapsedTime})`,
          updatedAt: new Date(),
        })
        .where(eq(tracks.id, trackId));
    },

    async markSaved(
      trackId: number,
      totals: Pick<TrackRow, 'totalDistance' | 'duration' | 'accumulatedPower' | 'lastElapsedTime'>,
    ): Promise<TrackRow> {
      const [row] = await db
        .update(tracks)
        .set({ ...totals, status: 'saved', updatedAt: new Date() })
        .where(eq(tracks.id, trackId))
        .returning();
      if (!row) throw new Error('track vanished while saving');
      return row;
    },

    /**
     * Uploaded to Strava by a v1 client itself (mark_as_uploaded): the card is greyed, and an
     * upload of ours still on its way settles as uploaded (without a link), so it stops there.
     */
    async markUploaded(trackId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(tracks)
          .set({ uploaded: true, updatedAt: new Date() })
          .where(eq(tracks.id, trackId));
        await tx
          .update(stravaUploads)
          .set({ state: 'uploaded', error: null, updatedAt: new Date() })
          .where(and(eq(stravaUploads.trackId, trackId), ne(stravaUploads.state, 'uploaded')));
      });
    },

    /** Points go with it (foreign key cascade). */
    async remove(trackId: number): Promise<void> {
      await db.delete(tracks).where(eq(tracks.id, trackId));
    },

    async withRace(trackId: number): Promise<TrackWithRace | null> {
      const [row] = await db
        .select({ track: tracks, race: raceColumns, strava: stravaColumns })
        .from(tracks)
        .leftJoin(races, eq(races.id, tracks.raceId))
        .leftJoin(stravaUploads, eq(stravaUploads.trackId, tracks.id))
        .where(eq(tracks.id, trackId));
      return row ?? null;
    },

    /** A member's saved rides, newest first, each with its video and its Strava upload. */
    async savedPage(userId: number, offset: number, limit: number): Promise<TrackWithRace[]> {
      return db
        .select({ track: tracks, race: raceColumns, strava: stravaColumns })
        .from(tracks)
        .leftJoin(races, eq(races.id, tracks.raceId))
        .leftJoin(stravaUploads, eq(stravaUploads.trackId, tracks.id))
        .where(and(eq(tracks.userId, userId), eq(tracks.status, 'saved')))
        .orderBy(desc(tracks.startedAt), desc(tracks.id))
        .offset(offset)
        .limit(limit);
    },

    async countSaved(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tracks)
        .where(and(eq(tracks.userId, userId), eq(tracks.status, 'saved')));
      return row?.n ?? 0;
    },

    /** The saved rides in the video's history (ranked steady rides: migration 0022). */
    async countSavedOfRace(raceId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tracks)
        .where(
          and(eq(tracks.raceId, raceId), eq(tracks.status, 'saved'), isNotNull(tracks.historySeq)),
        );
      return row?.n ?? 0;
    },

    async fullPoints(trackId: number) {
      return db
        .select()
        .from(trackPoints)
        .where(eq(trackPoints.trackId, trackId))
        .orderBy(asc(trackPoints.elapsedTime));
    },
  };
}

const raceColumns = {
  id: races.id,
  status: races.status,
  mediaKey: races.mediaKey,
  posterFile: races.posterFile,
};

const stravaColumns = {
  state: stravaUploads.state,
  activityId: stravaUploads.activityId,
  error: stravaUploads.error,
};

export type TracksRepository = ReturnType<typeof tracksRepository>;
