import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { raceFiles, type RaceRow } from '../../db/schema.js';

/**
 * Removes a video's media from the local media folder: the packaged stream (media_key) and the
 * uploaded sources still kept (race_files.storage_key). Keys come from our own rows, but a key
 * that would leave the media folder is ignored all the same. Missing files are fine, so a
 * second attempt after a failure finishes the job.
 */
export function mediaCleanup(db: Db, mediaDir: string): (race: RaceRow) => Promise<void> {
  const root = path.resolve(mediaDir);
  const inside = (key: string): string | null => {
    const full = path.resolve(root, key);
    return full.startsWith(root + path.sep) ? full : null;
  };
  return async (race) => {
    const files = await db
      .select({ key: raceFiles.storageKey })
      .from(raceFiles)
      .where(eq(raceFiles.raceId, race.id));
    const keys = [race.mediaKey, ...files.map((f) => f.key)].filter(
      (k): k is string => typeof k === 'string' && k.length > 0,
    );
    for (const key of keys) {
      const full = inside(key);
      if (full) await rm(full, { recursive: true, force: true });
    }
  };
}
