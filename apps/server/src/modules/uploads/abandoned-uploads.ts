import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../../lib/storage.js';
import { isUploadAbandoned } from './cleanup-rules.js';
import type { CleanupRepository, StaleUpload } from './cleanup-repository.js';

const INFO_SUFFIX = '.json';

export type UploadSweepResult = { races: number; orphanUploads: number };

/**
 * Removes uploads nobody has touched for `idleMs`:
 * - videos still 'uploading' whose rows, partial tus files and stored sources are all older than
 *   that: their partial files (bytes and .json info), stored sources, race_files and race row;
 * - tus files in `tusDir` that no race_files row refers to (a replaced upload whose removal
 *   failed, a video deleted while uploading, a crash between the rows and the files) once their
 *   files are that old.
 * The rows go first (in one locked transaction), so a late chunk is refused rather than written
 * into a video that is going away; a crash after that leaves only orphans, removed next time.
 */
export function abandonedUploadSweep(deps: {
  repo: CleanupRepository;
  storage: Storage;
  tusDir: string;
  idleMs: number;
  log: { warn: (obj: object, msg: string) => void };
}): (now: Date) => Promise<UploadSweepResult> {
  const { repo, storage, tusDir, idleMs, log } = deps;

  /** Both files tus keeps for an upload; ids come from our rows, so odd ones are ignored. */
  const tusFiles = (id: string) =>
    safeId(id) ? [path.join(tusDir, id), path.join(tusDir, id + INFO_SUFFIX)] : [];

  const dropTusUpload = async (id: string) => {
    for (const file of tusFiles(id)) await rm(file, { force: true });
  };

  async function activityOf(upload: StaleUpload): Promise<(Date | null)[]> {
    const times: (Date | null)[] = [upload.createdAt, upload.updatedAt];
    for (const f of upload.files) {
      times.push(f.createdAt);
      // A partial file's mtime moves with every chunk: the one sign of an upload in progress.
      if (f.uploadId) for (const file of tusFiles(f.uploadId)) times.push(await mtimeOf(file));
      if (f.storageKey) times.push((await storage.stat(f.storageKey))?.mtime ?? null);
    }
    return times;
  }

  async function removeRace(upload: StaleUpload, cutoff: Date): Promise<boolean> {
    const removed = await repo.removeAbandoned(upload.raceId, cutoff);
    if (!removed) return false;
    for (const id of removed.uploadIds) await dropTusUpload(id);
    for (const key of removed.storageKeys) await storage.remove(key);
    await storage.removeIfEmpty(`uploads/${upload.raceId}`);
    return true;
  }

  async function sweepOrphans(now: Date): Promise<number> {
    const byId = await tusUploadsOnDisk(tusDir);
    const candidates = [...byId.entries()].filter(([, mtimes]) =>
      isUploadAbandoned({ activity: mtimes, now, idleMs }),
    );
    const referenced = await repo.referencedUploadIds(candidates.map(([id]) => id));
    let count = 0;
    for (const [id] of candidates) {
      if (referenced.has(id)) continue;
      await dropTusUpload(id);
      count += 1;
    }
    return count;
  }

  return async (now) => {
    const cutoff = new Date(now.getTime() - idleMs);
    let races = 0;
    for (const upload of await repo.staleUploads(cutoff)) {
      // One video that cannot be removed (a file system error) must not hold up the others.
      try {
        if (!isUploadAbandoned({ activity: await activityOf(upload), now, idleMs })) continue;
        if (await removeRace(upload, cutoff)) races += 1;
      } catch (err) {
        log.warn({ err, raceId: upload.raceId }, 'could not remove an abandoned upload');
      }
    }
    return { races, orphanUploads: await sweepOrphans(now) };
  };
}

/** A tus id as our file store makes them: one plain file name, never a path. */
function safeId(id: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(id);
}

async function mtimeOf(file: string): Promise<Date | null> {
  try {
    return (await stat(file)).mtime;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Every upload id in the tus folder with the mtimes of its files (bytes and/or info). */
async function tusUploadsOnDisk(dir: string): Promise<Map<string, Date[]>> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw err;
  }
  const byId = new Map<string, Date[]>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const name = entry.name;
    const id = name.endsWith(INFO_SUFFIX) ? name.slice(0, -INFO_SUFFIX.length) : name;
    if (!safeId(id)) continue;
    const mtime = await mtimeOf(path.join(dir, name));
    if (mtime) byId.set(id, [...(byId.get(id) ?? []), mtime]);
  }
  return byId;
}
