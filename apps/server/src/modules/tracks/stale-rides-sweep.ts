import { and, asc, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tracks } from '../../db/schema.js';
import { periodicTask } from '../../lib/periodic.js';
import { saveTrack, type TrackEvents } from './lifecycle.js';
import { breathe } from './points-repository.js';

/** Rides silent for hours need no minute's precision: every few minutes is plenty. */
export const STALE_RIDES_EVERY_MS = 5 * 60_000;
/** The first sweep waits a little, so it does not compete with start-up work. */
export const STALE_RIDES_FIRST_DELAY_MS = 60_000;
/** Rides claimed at once: one short statement, then saved one by one. */
const BATCH = 50;
/** Batches a run takes at most; the rest waits for the next run (a backlog after an outage). */
const BATCHES_PER_RUN = 10;

type Log = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type StaleRidesResult = { saved: number[]; removed: number[] };

/**
 * Claims up to `limit` open rides (recording, or a save cut short) whose last sign of life
 * (add-track or the last stored batch: `updated_at`) is before `cutoff`, oldest first, from
 * `tracks_open_stale_idx`. One conditional UPDATE closes them to pushes ('saving') and moves
 * `updated_at` on, so a concurrent sweep on another worker skips them (SKIP LOCKED while this
 * commits, not stale after): each ride is claimed by one worker. A worker that dies before
 * saving leaves them 'saving' with the new time, claimed again once that is stale.
 */
async function claimStale(db: Db, cutoff: Date, limit: number): Promise<number[]> {
  const stale = db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(ne(tracks.status, 'saved'), lt(tracks.updatedAt, cutoff)))
    .orderBy(asc(tracks.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(tracks)
    .set({ status: 'saving', updatedAt: sql`now()` })
    .where(and(inArray(tracks.id, stale), ne(tracks.status, 'saved'), lt(tracks.updatedAt, cutoff)))
    .returning({ id: tracks.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The worker's sweep of rides nobody will finish (docs/ride.md, 'Stale rides'): a ride whose
 * app was closed, crashed or discarded it while the server was away stays 'recording' forever
 * otherwise. Each is saved when it holds seconds and removed when not, by `saveTrack`, exactly
 * as a resent stop-track would (stats, `track.saved`, Strava auto-save). Any number of workers
 * may run it at once: claims split the rides between them.
 */
export function staleRidesSweep(deps: {
  db: Db;
  events: TrackEvents;
  /** A ride silent this long is stale (RIDE_ABANDON_HOURS). */
  staleAfterMs: number;
  log: Log;
}) {
  const { db, events, log } = deps;

  /** One run at `now` (the server's clock; tests pass their own): at most 500 rides. */
  async function sweep(now = new Date()): Promise<StaleRidesResult> {
    const result: StaleRidesResult = { saved: [], removed: [] };
    const cutoff = new Date(now.getTime() - deps.staleAfterMs);
    for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
      const ids = await claimStale(db, cutoff, BATCH);
      for (const id of ids) {
        try {
          const outcome = await saveTrack(db, events, id);
          if (outcome.kind === 'saved') result.saved.push(id);
          if (outcome.kind === 'empty') result.removed.push(id);
        } catch (err) {
          log.error({ err, trackId: id }, 'saving a stale ride failed');
        }
        await breathe();
      }
      if (ids.length < BATCH) break;
    }
    if (result.saved.length + result.removed.length > 0) {
      log.info({ ...result }, 'stale rides saved or removed');
    }
    return result;
  }

  const task = periodicTask({
    run: async () => void (await sweep()),
    firstDelayMs: STALE_RIDES_FIRST_DELAY_MS,
    everyMs: STALE_RIDES_EVERY_MS,
    onError: (err) => log.error({ err }, 'stale rides sweep failed'),
  });

  return { sweep, start: task.start, stop: task.stop };
}

export type StaleRidesSweep = ReturnType<typeof staleRidesSweep>;
