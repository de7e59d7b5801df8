import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DESKTOP_PLATFORMS } from '@ridealong/contracts';
import { FEED_FILES } from './names.js';
import { emptySnapshot, scanReleases, type ReleaseSnapshot } from './release-folder.js';

export type ReleaseCache = { get: () => Promise<ReleaseSnapshot> };

export type ReleaseCacheOptions = {
  dir: string;
  log: { warn: (message: string) => void };
  /** How long a snapshot is used without looking at the folder at all. */
  recheckMs?: number;
  now?: () => number;
};

/**
 * The folder's snapshot, read again only when it changed: at most once per `recheckMs` the
 * folder and its three feeds are stat'ed (adding, removing or renaming a file changes the
 * folder's mtime; a feed rewritten in place changes its own), and only a different signature
 * reads the folder again. One read at a time; requests meanwhile wait for it.
 */
export function releaseCache(opts: ReleaseCacheOptions): ReleaseCache {
  const { dir, log, recheckMs = 1000, now = Date.now } = opts;
  let snapshot: ReleaseSnapshot | null = null;
  let signature = '';
  let checkedAt = -Infinity;
  let pending: Promise<ReleaseSnapshot> | null = null;

  const signatureNow = async () => {
    const names = ['', ...DESKTOP_PLATFORMS.map((p) => FEED_FILES[p])];
    const stats = await Promise.all(
      names.map((name) => stat(path.join(dir, name)).catch(() => null)),
    );
    return stats.map((s) => (s ? `${s.mtimeMs}:${s.size}` : '-')).join('|');
  };

  const refresh = async (): Promise<ReleaseSnapshot> => {
    const next = await signatureNow();
    if (snapshot && next === signature) return snapshot;
    const read = await scanReleases(dir).catch((error: Error) =>
      emptySnapshot([`cannot read the releases folder: ${error.message}`]),
    );
    for (const problem of read.problems) log.warn(`desktop releases: ${problem}`);
    snapshot = read;
    signature = next;
    return read;
  };

  return {
    get: () => {
      if (snapshot && now() - checkedAt < recheckMs) return Promise.resolve(snapshot);
      pending ??= refresh().finally(() => {
        checkedAt = now();
        pending = null;
      });
      return pending;
    },
  };
}
