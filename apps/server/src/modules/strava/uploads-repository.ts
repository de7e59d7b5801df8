import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  stravaAccounts,
  stravaUploads,
  tracks,
  users,
  type StravaUploadRow,
} from '../../db/schema.js';

/** Reasons are shown to members: long texts from Strava are cut. */
const MAX_ERROR_LENGTH = 500;

/** One ride's way to Strava (strava_uploads): a row per ride, moved along by `strava.upload`. */
export function uploadsRepository(db: Db) {
  const touch = { updatedAt: sql`now()` };
  return {
    async find(trackId: number): Promise<StravaUploadRow | null> {
      const [row] = await db.select().from(stravaUploads).where(eq(stravaUploads.trackId, trackId));
      return row ?? null;
    },

    async lock(trackId: number): Promise<StravaUploadRow | null> {
      const [row] = await db
        .select()
        .from(stravaUploads)
        .where(eq(stravaUploads.trackId, trackId))
        .for('update');
      return row ?? null;
    },

    /**
     * Queues the ride: a new row, or a failed one queued again (its old upload forgotten: a
     * new upload that Strava finds a duplicate is linked). False when a row exists already
     * in another state (queued, uploading or uploaded): nothing to enqueue.
     */
    async queue(trackId: number, userId: number, trigger: 'auto' | 'manual'): Promise<boolean> {
      const rows = await db
        .insert(stravaUploads)
        .values({ trackId, userId, trigger, state: 'queued' })
        .onConflictDoUpdate({
          target: stravaUploads.trackId,
          // created_at restarts: the upload's age (a limit on waiting) counts from queueing.
          set: {
            state: 'queued',
            trigger,
            uploadId: null,
            error: null,
            createdAt: sql`now()`,
            ...touch,
          },
          setWhere: eq(stravaUploads.state, 'failed'),
        })
        .returning({ trackId: stravaUploads.trackId });
      return rows.length > 0;
    },

    /** The job has started on it (unless it has settled meanwhile). */
    async markUploading(trackId: number): Promise<void> {
      await db
        .update(stravaUploads)
        .set({ state: 'uploading', ...touch })
        .where(and(eq(stravaUploads.trackId, trackId), eq(stravaUploads.state, 'queued')));
    },

    /** Strava's upload id, stored the moment Strava answers: a retried job polls it. */
    async setUploadId(trackId: number, uploadId: string | null): Promise<void> {
      await db
        .update(stravaUploads)
        .set({ uploadId, ...touch })
        .where(eq(stravaUploads.trackId, trackId));
    },

    /** Uploaded (or found a duplicate of `activityId`): the card is greyed and linked. */
    async uploaded(trackId: number, activityId: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(stravaUploads)
          .set({ state: 'uploaded', activityId, error: null, ...touch })
          .where(eq(stravaUploads.trackId, trackId));
        await tx
          .update(tracks)
          .set({ uploaded: true, updatedAt: new Date() })
          .where(eq(tracks.id, trackId));
      });
    },

    /** Failed for good, with the reason the member sees (never over an uploaded ride). */
    async fail(trackId: number, reason: string): Promise<void> {
      await db
        .update(stravaUploads)
        .set({ state: 'failed', error: reason.slice(0, MAX_ERROR_LENGTH), ...touch })
        .where(and(eq(stravaUploads.trackId, trackId), ne(stravaUploads.state, 'uploaded')));
    },

    /** Connected, and Strava has not refused the connection. */
    async connection(userId: number): Promise<'connected' | 'revoked' | 'none'> {
      const [row] = await db
        .select({ revokedAt: stravaAccounts.revokedAt })
        .from(stravaAccounts)
        .where(eq(stravaAccounts.userId, userId));
      if (!row) return 'none';
      return row.revokedAt ? 'revoked' : 'connected';
    },

    /** Whether a member's saves go to Strava by themselves: auto-save on and connected. */
    async autoSaves(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ userId: stravaAccounts.userId })
        .from(stravaAccounts)
        .innerJoin(users, and(eq(users.id, stravaAccounts.userId), eq(users.stravaAutoSave, true)))
        .where(and(eq(stravaAccounts.userId, userId), isNull(stravaAccounts.revokedAt)));
      return row !== undefined;
    },
  };
}

export type UploadsRepository = ReturnType<typeof uploadsRepository>;
