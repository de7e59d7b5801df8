/** Pure decisions of the pipeline's housekeeping (housekeeping.ts does the I/O). */

const DAY_MS = 24 * 3600 * 1000;

/** A finished job is kept this long after it ended (updated_at) so recent outcomes can be read. */
export const DONE_JOB_RETENTION_MS = 7 * DAY_MS;
/** Failures are kept longer: they are what someone looks into after a complaint. */
export const FAILED_JOB_RETENTION_MS = 30 * DAY_MS;

/** Jobs that ended before these instants may be deleted (queued and running never are). */
export function jobPruneCutoffs(now: Date): { done: Date; failed: Date } {
  return {
    done: new Date(now.getTime() - DONE_JOB_RETENTION_MS),
    failed: new Date(now.getTime() - FAILED_JOB_RETENTION_MS),
  };
}

/** The latest of the known activity times; missing ones (a file not on disk) are skipped. */
export function lastActivity(times: readonly (Date | null | undefined)[]): Date | null {
  let latest: number | null = null;
  for (const t of times) {
    if (!t || Number.isNaN(t.getTime())) continue;
    if (latest === null || t.getTime() > latest) latest = t.getTime();
  }
  return latest === null ? null : new Date(latest);
}

/**
 * An upload is abandoned when nothing about it (rows, partial files, stored sources) has changed
 * for `idleMs`. A partial file still receiving chunks has a fresh mtime, so it is never taken.
 * With no known time at all nothing is decided: an upload is only removed on evidence.
 */
export function isUploadAbandoned(opts: {
  activity: readonly (Date | null | undefined)[];
  now: Date;
  idleMs: number;
}): boolean {
  const last = lastActivity(opts.activity);
  return last !== null && opts.now.getTime() - last.getTime() >= opts.idleMs;
}
