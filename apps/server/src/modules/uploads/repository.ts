import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UploadForm } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { raceFiles, races, type RaceFileRow, type RaceRow } from '../../db/schema.js';
import { raceFilesInOrder } from '../videos/index.js';

/** Route identifier of an uploaded video (document 001's /video/{id}); 'demo-video' is fixed. */
export const newRaceUrl = () => randomBytes(9).toString('base64url');

/** The race and race_files rows the upload flow reads and writes. */
export function uploadsRepository(db: Db) {
  return {
    /** A video waiting for `fileCount` files: one placeholder row per position (0-based). */
    async createRace(userId: number, form: UploadForm, fileCount: number): Promise<RaceRow> {
      return db.transaction(async (tx) => {
        const [race] = await tx
          .insert(races)
          .values({
            url: newRaceUrl(),
            title: form.name,
            description: form.description,
            userId,
            searchVisible: form.search_visible,
            channelVisible: form.channel_visible,
            startOffset: form.start_offset,
            endOffset: form.end_offset,
            status: 'uploading',
          })
          .returning();
        await tx.insert(raceFiles).values(
          Array.from({ length: fileCount }, (_, position) => ({
            raceId: race!.id,
            position,
            originalName: '',
          })),
        );
        return race!;
      });
    },
    /** By numeric id or by url (both appear in the API's {id}). */
    async findRace(idOrUrl: string): Promise<RaceRow | null> {
      const where = /^\d{1,9}$/.test(idOrUrl)
        ? eq(races.id, Number(idOrUrl))
        : eq(races.url, idOrUrl);
      const [row] = await db.select().from(races).where(where).limit(1);
      return row ?? null;
    },
    async findRaceById(id: number): Promise<RaceRow | null> {
      const [row] = await db.select().from(races).where(eq(races.id, id)).limit(1);
      return row ?? null;
    },
    async fileAt(raceId: number, position: number): Promise<RaceFileRow | null> {
      const [row] = await db
        .select()
        .from(raceFiles)
        .where(and(eq(raceFiles.raceId, raceId), eq(raceFiles.position, position)))
        .limit(1);
      return row ?? null;
    },
    files: (raceId: number) => raceFilesInOrder(db, raceId),
    async fileByUploadId(uploadId: string): Promise<RaceFileRow | null> {
      const [row] = await db
        .select()
        .from(raceFiles)
        .where(eq(raceFiles.uploadId, uploadId))
        .limit(1);
      return row ?? null;
    },
    /** Ties a tus upload to a position that has no file yet; false when it already has one. */
    async attachUpload(fileId: number, uploadId: string, name: string, size: number) {
      const rows = await db
        .update(raceFiles)
        .set({ uploadId, originalName: name, size })
        .where(and(eq(raceFiles.id, fileId), isNull(raceFiles.storageKey)))
        .returning({ id: raceFiles.id });
      return rows.length === 1;
    },
    async detachUpload(uploadId: string): Promise<void> {
      await db
        .update(raceFiles)
        .set({ uploadId: null })
        .where(and(eq(raceFiles.uploadId, uploadId), isNull(raceFiles.storageKey)));
    },
    /** Records a stored file; false when the position was filled meanwhile or the race is gone. */
    async storeFile(
      fileId: number,
      values: { storageKey: string; originalName: string; size: number },
    ): Promise<boolean> {
      const rows = await db
        .update(raceFiles)
        .set(values)
        .where(and(eq(raceFiles.id, fileId), isNull(raceFiles.storageKey)))
        .returning({ id: raceFiles.id });
      return rows.length === 1;
    },
    /** Why the last file was refused, for the owner's status view (cleared by the next one). */
    async setUploadProblem(raceId: number, message: string | null): Promise<void> {
      await db
        .update(races)
        .set({ failureReason: message, updatedAt: sql`now()` })
        .where(and(eq(races.id, raceId), eq(races.status, 'uploading')));
    },
    /**
     * uploading -> uploaded once every position has its file, with `then` (the job insert) in
     * the same transaction. Exactly one of several finishing uploads wins; true for that one.
     */
    async completeIfAllArrived(raceId: number, then: (tx: Db) => Promise<unknown>) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(races)
          .set({ status: 'uploaded', progress: 0, failureReason: null, updatedAt: sql`now()` })
          .where(
            and(
              eq(races.id, raceId),
              eq(races.status, 'uploading'),
              sql`not exists (select 1 from ${raceFiles} where ${raceFiles.raceId} = ${raceId} and ${raceFiles.storageKey} is null)`,
            ),
          )
          .returning({ id: races.id });
        if (rows.length === 0) return false;
        await then(tx);
        return true;
      });
    },
  };
}

export type UploadsRepository = ReturnType<typeof uploadsRepository>;
