import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { races, tracks, type TrackRow } from '../../db/schema.js';
import { enqueueMemberRefresh } from '../challenges/hooks.js';
import type { MemberRefreshQueue } from '../challenges/jobs.js';
import { boundedTotals, rideTotals } from './gap-fill.js';
import { enqueueAutoUpload } from '../strava/upload-auto.js';
import type { TrackSaveQueue } from './jobs.js';
import { breathe, pointsRepository, POINTS_SLICE } from './points-repository.js';
import { tracksRepository } from './repository.js';
import { lastAllowedSecond, wallClockSeconds } from './ride-bounds.js';
import { statsRepository } from './stats-repository.js';

/** Answers of saving: the saved track, or why nothing was kept. */
export type SaveOutcome =
  { kind: 'saved'; track: TrackRow } | { kind: 'empty' } | { kind: 'missing' };

type Opened = { kind: 'open'; track: TrackRow; from: number; to: number };

/**
 * Step 1, one short transaction: closes the ride to pushes ('saving'), drops any point past
 * what the video and the clock allow (rides recorded before those rules) and finds the seconds
 * to fill. A ride without points is removed.
 */
async function open(db: Db, trackId: number, now: Date): Promise<SaveOutcome | Opened> {
  return db.transaction(async (tx) => {
    const repo = tracksRepository(tx);
    const points = pointsRepository(tx);
    const track = await repo.lock(trackId);
    if (!track) return { kind: 'missing' };
    if (track.status === 'saved') return { kind: 'saved', track };
    const [race] = track.raceId
      ? await tx.select({ duration: races.duration }).from(races).where(eq(races.id, track.raceId))
      : [];
    const first = (await points.edges(trackId))?.first.elapsedTime;
    if (first === undefined) {
      await repo.remove(trackId);
      return { kind: 'empty' };
    }
    const keep = Math.min(
      lastAllowedSecond(race?.duration ?? 0),
      first + wallClockSeconds(track.createdAt, now),
    );
    await points.dropAfter(trackId, keep);
    const edges = await points.edges(trackId);
    if (!edges) throw new Error('points vanished while saving');
    if (track.status === 'recording') {
      await tx.update(tracks).set({ status: 'saving' }).where(eq(tracks.id, trackId));
    }
    return { kind: 'open', track, from: edges.first.elapsedTime, to: edges.last.elapsedTime };
  });
}

/**
 * Saves a recording ride: fills the gaps (one row per second), publishes the points to the
 * video's history, then takes its totals, adds it to the member's stats and enqueues
 * `track.saved`, all three in the one transaction that marks it saved. The filling and
 * publishing run in slices with a turn of the event loop between them, so a long ride never
 * holds the loop (or PGlite, which answers one query at a time) for long; every step can be
 * repeated, so a save resumed by a resent stop-track (or after a crash) ends the same. Saving
 * an already saved ride returns it unchanged, so a resent stop-track counts once and enqueues
 * nothing. With Strava auto-save on (and connected), a ride over a minute gets its upload
 * row and `strava.upload` job in that same transaction (strava/upload-auto.ts).
 */
export async function saveTrack(
  db: Db,
  jobs: TrackSaveQueue,
  trackId: number,
  now: () => Date = () => new Date(),
): Promise<SaveOutcome> {
  const opened = await open(db, trackId, now());
  if (opened.kind !== 'open') return opened;
  const { track, from, to } = opened;
  const points = pointsRepository(db);
  for (let lo = from; lo <= to; lo += POINTS_SLICE) {
    const hi = Math.min(to, lo + POINTS_SLICE - 1);
    await points.fillSlice(trackId, track.raceId, lo, hi);
    await breathe();
    await points.publishSlice(trackId, track.raceId, lo, hi);
    await breathe();
  }
  let enqueued = false;
  const outcome = await db.transaction(async (tx): Promise<SaveOutcome> => {
    const repo = tracksRepository(tx);
    const locked = await repo.lock(trackId);
    if (!locked) return { kind: 'missing' };
    // A stop-track resent meanwhile may have finished first.
    if (locked.status === 'saved') return { kind: 'saved', track: locked };
    const edges = await pointsRepository(tx).edges(trackId);
    if (!edges) return { kind: 'missing' };
    const totals = boundedTotals(rideTotals(edges), wallClockSeconds(locked.createdAt, now()));
    const saved = await repo.markSaved(trackId, totals);
    await statsRepository(tx).add(saved);
    // Under the row lock that makes this the one save: the job exists exactly when it commits.
    await jobs.enqueue('track.saved', { trackId }, { db: tx });
    await enqueueAutoUpload(tx, jobs, saved);
    enqueued = true;
    return { kind: 'saved', track: saved };
  });
  if (enqueued) jobs.wake();
  return outcome;
}

/**
 * Deletes a ride and its points; a saved ride leaves the stats in the same transaction, which
 * also enqueues the recompute of the rider's challenges without it.
 */
export async function deleteTrack(
  db: Db,
  jobs: MemberRefreshQueue,
  trackId: number,
): Promise<TrackRow | null> {
  let enqueued = false;
  const deleted = await db.transaction(async (tx) => {
    const repo = tracksRepository(tx);
    const track = await repo.lock(trackId);
    if (!track) return null;
    if (track.status === 'saved') {
      await statsRepository(tx).subtract(track);
      await enqueueMemberRefresh(jobs, tx, track.userId, track.startedAt);
      enqueued = true;
    }
    await repo.remove(trackId);
    return track;
  });
  if (enqueued) jobs.wake();
  return deleted;
}
