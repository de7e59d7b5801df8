import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { raceFiles, races } from '../../db/schema.js';

/** Races looked at per sweep; the next sweep takes the rest. */
const BATCH = 200;

export type StaleUpload = {
  raceId: number;
  createdAt: Date;
  updatedAt: Date;
  files: { createdAt: Date; uploadId: string | null; storageKey: string | null }[];
};

/** The rows the upload housekeeping reads and deletes. */
export function cleanupRepository(db: Db) {
  const stillStale = (raceId: number, cutoff: Date) =>
    and(eq(races.id, raceId), eq(races.status, 'uploading'), lt(races.updatedAt, cutoff));

  return {
    /** Videos still waiting for files whose own rows have not changed since `cutoff`. */
    async staleUploads(cutoff: Date): Promise<StaleUpload[]> {
      const rows = await db
        .select({ raceId: races.id, createdAt: races.createdAt, updatedAt: races.updatedAt })
        .from(races)
        .where(
          and(
            eq(races.status, 'uploading'),
            lt(races.updatedAt, cutoff),
            lt(races.createdAt, cutoff),
          ),
        )
        .orderBy(asc(races.id))
        .limit(BATCH);
      if (rows.length === 0) return [];
      const files = await db
        .select({
          raceId: raceFiles.raceId,
          createdAt: raceFiles.createdAt,
          uploadId: raceFiles.uploadId,
          storageKey: raceFiles.storageKey,
        })
        .from(raceFiles)
        .where(
          inArray(
            raceFiles.raceId,
            rows.map((r) => r.raceId),
          ),
        );
      return rows.map((r) => ({
        ...r,
        files: files
          .filter((f) => f.raceId === r.raceId)
          .map(({ createdAt, uploadId, storageKey }) => ({ createdAt, uploadId, storageKey })),
      }));
    },

    /**
     * Deletes an abandoned video's race_files and race row, if it is still uploading and
     * untouched since `cutoff`. The race row is locked first, so a file being accepted at the
     * same moment (which writes that row) either finishes before or finds the video gone. Null
     * when another process (or the owner) got there first: deleting twice is harmless. Returns
     * the upload ids and storage keys of the rows as deleted, including any attached meanwhile.
     */
    async removeAbandoned(
      raceId: number,
      cutoff: Date,
    ): Promise<{ uploadIds: string[]; storageKeys: string[] } | null> {
      return db.transaction(async (tx) => {
        const locked = await tx
          .select({ id: races.id })
          .from(races)
          .where(stillStale(raceId, cutoff))
          .for('update');
        if (locked.length === 0) return null;
        const files = await tx
          .delete(raceFiles)
          .where(eq(raceFiles.raceId, raceId))
          .returning({ uploadId: raceFiles.uploadId, storageKey: raceFiles.storageKey });
        await tx.delete(races).where(eq(races.id, raceId));
        return {
          uploadIds: files.flatMap((f) => (f.uploadId ? [f.uploadId] : [])),
          storageKeys: files.flatMap((f) => (f.storageKey ? [f.storageKey] : [])),
        };
      });
    },

    /** Which of these tus upload ids a race_files row still refers to. */
    async referencedUploadIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ uploadId: raceFiles.uploadId })
        .from(raceFiles)
        .where(inArray(raceFiles.uploadId, ids));
      return new Set(rows.flatMap((r) => (r.uploadId ? [r.uploadId] : [])));
    },
  };
}

export type CleanupRepository = ReturnType<typeof cleanupRepository>;
