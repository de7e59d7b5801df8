import { and, asc, eq, sql } from 'drizzle-orm';
import type { SlopePoint } from '@ridealong/media';
import type { Db } from '../../db/client.js';
import { raceFiles, races, type RaceFileRow, type RaceRow } from '../../db/schema.js';
import { replaceSlopeProfile } from './slope-profile-store.js';

export type ReadyFields = {
  mediaKey: string;
  duration: number;
  renditions: string[];
  posterFile: string;
  slopeSourceId: number;
};

/** A video that has just become ready, as the hooks of its transaction see it. */
export type ReadyVideo = Pick<RaceRow, 'id' | 'userId' | 'createdAt'>;

/** Work that must commit with the video becoming ready (e.g. enqueueing its owner's refresh). */
export type ReadyHook = (tx: Db, video: ReadyVideo) => Promise<void>;

/** A video's uploaded files in join order (the uploads and the video.process job read them). */
export function raceFilesInOrder(db: Db, raceId: number): Promise<RaceFileRow[]> {
  return db
    .select()
    .from(raceFiles)
    .where(eq(raceFiles.raceId, raceId))
    .orderBy(asc(raceFiles.position));
}

/** The race rows the video.process job reads and writes. */
export function videosRepository(db: Db) {
  return {
    async findRace(id: number): Promise<RaceRow | null> {
      const [row] = await db.select().from(races).where(eq(races.id, id)).limit(1);
      return row ?? null;
    },
    files: (raceId: number) => raceFilesInOrder(db, raceId),
    async markProcessing(raceId: number): Promise<void> {
      await db
        .update(races)
        .set({ status: 'processing', progress: 0, failureReason: null, updatedAt: new Date() })
        .where(eq(races.id, raceId));
    },
    async setProgress(raceId: number, percent: number): Promise<void> {
      await db
        .update(races)
        .set({ progress: percent })
        .where(and(eq(races.id, raceId), eq(races.status, 'processing')));
    },
    /**
     * Stream, metadata and slope profile in one transaction, with `whenReady`'s work; false
     * when the race is gone.
     */
    async markReady(
      raceId: number,
      f: ReadyFields,
      slope: SlopePoint[] | null,
      whenReady?: ReadyHook,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(races)
          .set({
            status: 'ready',
            progress: 100,
            failureReason: null,
            mediaKey: f.mediaKey,
            duration: f.duration,
            renditions: f.renditions,
            posterFile: f.posterFile,
            slopeSourceId: f.slopeSourceId,
            updatedAt: new Date(),
          })
          .where(eq(races.id, raceId))
          .returning({ id: races.id, userId: races.userId, createdAt: races.createdAt });
        if (!row) return false;
        await whenReady?.(tx, row);
        await replaceSlopeProfile(tx, raceId, slope);
        return true;
      });
    },
    /** The sources are gone once the stream is verified; the rows keep names and sizes. */
    async clearSources(raceId: number): Promise<void> {
      await db
        .update(raceFiles)
        .set({ storageKey: null, uploadId: null })
        .where(eq(raceFiles.raceId, raceId));
    },
    async markFailed(raceId: number, reason: string): Promise<void> {
      await db
        .update(races)
        .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
        .where(eq(races.id, raceId));
    },
  };
}

export type VideosRepository = ReturnType<typeof videosRepository>;
