import type { Db } from '../../db/client.js';
import type { TrackRow } from '../../db/schema.js';
import { missingSeconds, rideTotals } from './gap-fill.js';
import { tracksRepository } from './repository.js';
import { statsRepository } from './stats-repository.js';

/** Answers of saving: the saved track, or why nothing was kept. */
export type SaveOutcome =
  { kind: 'saved'; track: TrackRow } | { kind: 'empty' } | { kind: 'missing' };

/**
 * Saves a recording ride in one transaction: fills the gaps (one row per second), takes its
 * totals from the points, publishes the points to the video's history and adds the ride to the
 * member's stats. Saving an already saved ride returns it unchanged, so a resent stop-track
 * counts once. A ride without points is removed.
 */
export async function saveTrack(db: Db, trackId: number): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const repo = tracksRepository(tx);
    const track = await repo.lock(trackId);
    if (!track) return { kind: 'missing' };
    if (track.status === 'saved') return { kind: 'saved', track };
    const points = await repo.points(trackId);
    const totals = rideTotals(points);
    if (!totals) {
      await repo.remove(trackId);
      return { kind: 'empty' };
    }
    const fill = missingSeconds(points);
    await repo.insertPoints(fill.map((p) => ({ ...p, trackId, raceId: track.raceId })));
    await repo.publishPoints(trackId, track.raceId);
    const saved = await repo.markSaved(trackId, totals);
    await statsRepository(tx).add(saved);
    return { kind: 'saved', track: saved };
  });
}

/** Deletes a ride and its points; a saved ride leaves the stats in the same transaction. */
export async function deleteTrack(db: Db, trackId: number): Promise<TrackRow | null> {
  return db.transaction(async (tx) => {
    const repo = tracksRepository(tx);
    const track = await repo.lock(trackId);
    if (!track) return null;
    if (track.status === 'saved') await statsRepository(tx).subtract(track);
    await repo.remove(trackId);
    return track;
  });
}
