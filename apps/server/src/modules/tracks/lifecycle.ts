import { eq } from 'drizzle-orm';
import { inSteadyHistory } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { races, tracks, type TrackRow } from '../../db/schema.js';
import type { AfterCommit, DomainEventBus } from '../../events/bus.js';
import { boundedTotals, rideTotals } from './gap-fill.js';
import { breathe, pointsRepository, POINTS_SLICE } from './points-repository.js';
import { tracksRepository } from './repository.js';
import { lastAllowedElapsed, wallClockSeconds } from './ride-bounds.js';
import { setReactiveRank } from './reactive-rank.js';
import { statsRepository } from './stats-repository.js';

/** What saving and deleting tell the other modules (`track.saved`, `track.deleted`). */
export type TrackEvents = Pick<DomainEventBus, 'emit'>;

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
      lastAllowedElapsed(track.rideMode, race?.duration ?? 0),
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
 * an already saved ride returns it unchanged, so a resent stop-track counts once and emits
 * nothing. The domain event `track.saved` is emitted in the transaction that marks it saved,
 * so what its subscribers enqueue (challenges, Strava auto-save) exists exactly when it commits.
 */
export async function saveTrack(
  db: Db,
  events: TrackEvents,
  trackId: number,
  now: () => Date = () => new Date(),
): Promise<SaveOutcome> {
  const opened = await open(db, trackId, now());
  if (opened.kind !== 'open') return opened;
  const { track, from, to } = opened;
  const points = pointsRepository(db);
  // Only a ranked steady ride's points enter the video's history by second (docs/ride.md,
  // "Reactive rides"): the others keep race_id null, so track_points_history_idx skips them.
  const published = historyRaceId(track);
  for (let lo = from; lo <= to; lo += POINTS_SLICE) {
    const hi = Math.min(to, lo + POINTS_SLICE - 1);
    await points.fillSlice(trackId, published, lo, hi);
    await breathe();
    await points.publishSlice(trackId, published, lo, hi);
    await breathe();
  }
  let committed: AfterCommit | null = null;
  const outcome = await db.transaction(async (tx): Promise<SaveOutcome> => {
    const repo = tracksRepository(tx);
    const locked = await repo.lock(trackId);
    if (!locked) return { kind: 'missing' };
    // A stop-track resent meanwhile may have finished first.
    if (locked.status === 'saved') return { kind: 'saved', track: locked };
    const edges = await pointsRepository(tx).edges(trackId);
    if (!edges) return { kind: 'missing' };
    const totals = boundedTotals(rideTotals(edges), wallClockSeconds(locked.createdAt, now()));
    const saved = await setReactiveRank(tx, await repo.markSaved(trackId, totals));
    await statsRepository(tx).add(saved);
    // Under the row lock that makes this the one save: emitted once per ride.
    committed = await events.emit(tx, 'track.saved', { trackId });
    return { kind: 'saved', track: saved };
  });
  (committed as AfterCommit | null)?.();
  return outcome;
}

/** The video a ride's points are published to: its own when it is ranked by video second. */
export function historyRaceId(track: TrackRow): number | null {
  return inSteadyHistory({ ride_mode: track.rideMode, difficulty: track.difficulty })
    ? track.raceId
    : null;
}

/**
 * Deletes a ride and its points; a saved ride leaves the stats in the same transaction, which
 * also emits `track.deleted` (the rider's challenges are recomputed without it).
 */
export async function deleteTrack(
  db: Db,
  events: TrackEvents,
  trackId: number,
): Promise<TrackRow | null> {
  let committed: AfterCommit | null = null;
  const deleted = await db.transaction(async (tx) => {
    const repo = tracksRepository(tx);
    const track = await repo.lock(trackId);
    if (!track) return null;
    const saved = track.status === 'saved';
    if (saved) await statsRepository(tx).subtract(track);
    committed = await events.emit(tx, 'track.deleted', {
      trackId,
      userId: track.userId,
      startedAt: track.startedAt.getTime(),
      saved,
    });
    await repo.remove(trackId);
    return track;
  });
  (committed as AfterCommit | null)?.();
  return deleted;
}
