import {
  ACTIVITIES_PAGE_SIZE,
  STRAVA_MESSAGES,
  type ActivitySeries,
  type UserStats,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { Db } from '../../db/client.js';
import type { TrackRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from './activity-access.js';
import { rideFitFile } from './fit-export.js';
import { deleteTrack, type TrackEvents } from './lifecycle.js';
import { isTimeZone, periodStarts } from './periods.js';
import { tracksRepository, type TrackWithRace } from './repository.js';
import { readSeries, riderWeight, shapeSeries } from './series.js';
import { presentStats } from './stats.js';
import { statsRepository } from './stats-repository.js';

/** What a member (or an admin) does to one of their activities. */
type ActivityAction = 'track.read' | 'track.delete';

/** Activities are private: the member themself, or an admin (access/can.ts). */
function authorise(viewer: Viewer, action: ActivityAction, ownerId: number, wording: string): void {
  if (!can(viewer, action, { ownerId })) throw forbidden(`You may not ${wording}.`);
}

/** Strava actions are the member's own: not even an admin may upload or mark another's ride. */
function ownerOnly(viewer: Viewer, track: TrackRow, wording: string): void {
  if (!can(viewer, 'track.markUploaded', { ownerId: track.userId })) {
    throw forbidden(`You may not ${wording}.`);
  }
}

/**
 * Series reads per member and minute. One is a page view; a long ride's costs up to ~0.3 s of
 * server time (docs/ride.md), so a member looping the call could hold a core: this bounds one
 * member to a small share of it while leaving room for paging through many rides.
 */
export const SERIES_READS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;

/** Activities (document 001): the list, delete, stats, the FIT export and the v1 Strava calls. */
export function tracksService(
  db: Db,
  /** Deleting a ride emits `track.deleted` (lifecycle.ts). */
  events: TrackEvents,
  /** The app's limiter (memory, or Redis shared by the processes). */
  limiter: RateLimiter,
  now: () => Date = () => new Date(),
) {
  const repo = tracksRepository(db);
  const stats = statsRepository(db);

  const ownTrack = async (
    viewer: Viewer,
    id: number,
    action: ActivityAction,
    wording: string,
  ): Promise<TrackRow> => {
    const track = await repo.findById(id);
    if (!track) throw notFound('This activity was not found.');
    authorise(viewer, action, track.userId, wording);
    return track;
  };

  return {
    async index(
      viewer: Viewer,
      q: { user_id: number; start: number; end: number },
    ): Promise<{ count: number; rows: TrackWithRace[] }> {
      authorise(viewer, 'track.read', q.user_id, "see another member's activities");
      const limit = Math.max(0, Math.min(q.end - q.start, ACTIVITIES_PAGE_SIZE));
      const [count, rows] = await Promise.all([
        repo.countSaved(q.user_id),
        limit > 0 ? repo.savedPage(q.user_id, q.start, limit) : Promise.resolve([]),
      ]);
      return { count, rows };
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      await ownTrack(viewer, id, 'track.delete', "delete another member's activity");
      // Gone already (a double click) is the outcome asked for.
      await deleteTrack(db, events, id);
    },

    async userData(viewer: Viewer, userId: number, tz = 'UTC'): Promise<UserStats> {
      if (!isTimeZone(tz)) throw badRequest(`querystring.tz: unknown time zone '${tz}'`);
      authorise(viewer, 'track.read', userId, "see another member's stats");
      return presentStats(await stats.sums(userId, periodStarts(now(), tz)));
    },

    async fit(viewer: Viewer, id: number): Promise<{ fileName: string; bytes: Uint8Array }> {
      const track = await ownTrack(viewer, id, 'track.read', "export another member's activity");
      if (track.status !== 'saved') throw badRequest('This ride is still being recorded.');
      return rideFitFile(db, track);
    },

    /**
     * A ride second by second under the FIT file's reader rule: a saved one for its activity
     * page, or one still recording (its seconds pushed so far) for a ride resumed after a
     * reload, whose summary counts the seconds before it. A ride being saved (its gaps being
     * filled) is refused as before: nothing resumes it. `saved`: its seconds no longer change.
     */
    async series(viewer: Viewer, id: number): Promise<{ series: ActivitySeries; saved: boolean }> {
      const rate = await limiter.hit(
        `track-series:member:${viewer.id}`,
        SERIES_READS_PER_MINUTE,
        MINUTE_MS,
      );
      if (!rate.allowed) throw tooManyRequests(rate.retryAfterSeconds);
      const track = await ownTrack(viewer, id, 'track.read', "see another member's activity");
      if (track.status === 'saving') throw badRequest('This ride is still being recorded.');
      const [rows, weight] = await Promise.all([
        readSeries(db, track),
        riderWeight(db, track.userId),
      ]);
      return { series: shapeSeries(track, rows, weight), saved: track.status === 'saved' };
    },

    /**
     * GET /track/{id}/download (document 001 section 7): the v1 client's first step of its own
     * Strava upload, 200 with the FIT file of a saved ride; the same file and the same rule
     * (owner or admin) as `fit`.
     */
    async download(viewer: Viewer, id: number): Promise<{ fileName: string; bytes: Uint8Array }> {
      const track = await ownTrack(viewer, id, 'track.read', "download another member's activity");
      if (track.status !== 'saved') throw badRequest('This ride is still being recorded.');
      return rideFitFile(db, track);
    },

    /** POST /track/mark_as_uploaded: the v1 client uploaded the caller's own ride itself. */
    async markUploaded(viewer: Viewer, id: number): Promise<void> {
      const track = await repo.findById(id);
      if (!track) throw notFound('This activity was not found.');
      ownerOnly(viewer, track, "mark another member's activity");
      if (track.status !== 'saved') throw conflict(STRAVA_MESSAGES.notSaved);
      await repo.markUploaded(id);
    },
  };
}

export type TracksService = ReturnType<typeof tracksService>;
