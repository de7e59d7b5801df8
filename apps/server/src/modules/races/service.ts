import {
  durationFilterBounds,
  type HandleMutesBody,
  type RaceEdit,
  type RacesQuery,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { RaceRow, UserRow } from '../../db/schema.js';
import type { AfterCommit, DomainEventBus } from '../../events/bus.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { ListingCounts } from './listing-counts.js';
import type { RaceWithOwner } from './presenter.js';
import type { ListingFilter, RacesRepository } from './repository.js';
import {
  acceptsDurationChange,
  canManageRace,
  DEEP_OFFSET,
  DURATION_REPORT,
  durationReportVerdict,
  pageWindow,
} from './rules.js';
import { prefixTsquery, searchWords } from './search-terms.js';

export type RacesServiceDeps = {
  repo: RacesRepository;
  /** Large listing totals, reused for a few seconds (see listing-counts.ts). */
  counts: ListingCounts;
  /** Removes a video's stored media (stream folder, uploaded sources); missing files are fine. */
  removeMedia: (race: RaceRow) => Promise<void>;
  /**
   * Removal asks `video.remove` first (a video an active race challenge rides stays) and
   * emits `video.removed` in the delete's transaction.
   */
  events: Pick<DomainEventBus, 'emit' | 'refusal'>;
  now?: () => Date;
};

export type Viewer = Pick<UserRow, 'id' | 'admin'> | null;

export function racesService({
  repo,
  counts,
  removeMedia,
  events,
  now = () => new Date(),
}: RacesServiceDeps) {
  /** The video to change, if `user` may change it: 404 unknown, 403 someone else's. */
  const managed = async (
    user: Pick<UserRow, 'id' | 'admin'>,
    found: RaceWithOwner | null,
  ): Promise<RaceWithOwner> => {
    if (!found) throw notFound('Video not found.');
    if (!canManageRace(user, found.race)) throw forbidden('Only the owner can change this video.');
    return found;
  };

  return {
    /**
     * GET /race/{id}: by url, or by numeric id. A video that is not ready yet is the owner's
     * (and admins') to see; anyone else gets null, which the page shows as processing.
     */
    async get(viewer: Viewer, id: string): Promise<RaceWithOwner | null> {
      const found =
        (await repo.findByUrl(id)) ??
        (/^\d{1,9}$/.test(id) ? await repo.findById(Number(id)) : null);
      if (!found) return null;
      if (found.race.status === 'ready') return found;
      return viewer && canManageRace(viewer, found.race) ? found : null;
    },

    /**
     * GET /races: one page of searchable videos, newest first, and the total (exact for small
     * totals and after any change made here; large ones may be seconds old, see listing-counts).
     */
    async search(q: RacesQuery): Promise<{ rows: RaceWithOwner[]; total: number }> {
      const [minSeconds, maxSeconds] = durationFilterBounds(q.duration);
      const filter: ListingFilter = {
        tsquery: prefixTsquery(searchWords(q.term)),
        minSeconds,
        maxSeconds,
      };
      const total = () =>
        counts.get(JSON.stringify([filter.tsquery, minSeconds, maxSeconds]), () =>
          repo.countListing(filter),
        );
      const offset = (q.currentPage - 1) * q.pageSize;
      if (offset <= DEEP_OFFSET) {
        // Shallow pages: count and page at once, on two connections.
        const [rows, n] = await Promise.all([
          repo.listing(filter, { offset, limit: q.pageSize, reversed: false }),
          total(),
        ]);
        return { rows, total: n };
      }
      const n = await total();
      const rows = await repo.listing(filter, pageWindow(q.currentPage, q.pageSize, n));
      return { rows, total: n };
    },

    async edit(user: UserRow, input: RaceEdit): Promise<RaceWithOwner> {
      const found = await managed(user, await repo.findByUrl(input.url));
      await repo.update(found.race.id, {
        title: input.title,
        description: input.description,
        channelVisible: input.channel_visible,
        searchVisible: input.search_visible,
      });
      counts.invalidate();
      const updated = await repo.findById(found.race.id);
      if (!updated) throw notFound('Video not found.');
      return updated;
    },

    /** Removes the media first: if that fails the row stays, and deleting again retries. */
    async remove(user: UserRow, id: number): Promise<void> {
      const found = await managed(user, await repo.findById(id));
      const { race } = found;
      const needed = await events.refusal('video.remove', { videoId: race.id, url: race.url });
      if (needed) throw conflict(needed);
      await removeMedia(race);
      let committed: AfterCommit | null = null;
      await repo.remove(race.id, async (tx) => {
        committed = await events.emit(tx, 'video.removed', {
          videoId: race.id,
          userId: race.userId,
          createdAt: race.createdAt.getTime(),
          wasReady: race.status === 'ready',
        });
      });
      (committed as AfterCommit | null)?.();
      counts.invalidate();
    },

    /**
     * POST /race/handle-mutes: the owner or an admin flips the video's audio switch for
     * viewers (its own sound, or its voiceovers); answers the video as it is now.
     */
    async switchAudio(
      user: Pick<UserRow, 'id' | 'admin'>,
      id: number | string,
      target: HandleMutesBody['to_change'],
    ): Promise<RaceWithOwner> {
      const found = typeof id === 'number' ? await repo.findById(id) : await repo.findByUrl(id);
      if (!found) throw notFound('Video not found.');
      if (!can(user, 'video.switchAudio', { ownerId: found.race.userId })) {
        throw forbidden('Only the owner can change this video.');
      }
      await repo.flipAudioSwitch(found.race.id, target);
      const updated = await repo.findById(found.race.id);
      if (!updated) throw notFound('Video not found.');
      return updated;
    },

    /** POST /races/subset: ready videos in the order of `urls`; unknown ones are skipped. */
    async subset(urls: string[]): Promise<RaceWithOwner[]> {
      const rows = await repo.readyByUrls([...new Set(urls)]);
      const byUrl = new Map(rows.map((r) => [r.race.url, r]));
      return urls.flatMap((u) => {
        const r = byUrl.get(u);
        byUrl.delete(u);
        return r ? [r] : [];
      });
    },

    /**
     * POST /races/change-duration/: the owner or an admin directly; anyone else through their
     * own ride that just reached the reported end, once per ride (rules.ts). Both within
     * acceptsDurationChange.
     */
    async changeDuration(
      user: Pick<UserRow, 'id' | 'admin'>,
      raceId: number,
      seconds: number,
    ): Promise<number> {
      const found = await repo.findById(raceId);
      if (!found) throw notFound('Video not found.');
      const tooFar = () => badRequest('The new duration is too far from the video’s duration.');
      if (canManageRace(user, found.race)) {
        if (!acceptsDurationChange(found.race.duration, seconds)) throw tooFar();
        await repo.update(raceId, { duration: seconds });
      } else {
        const since = new Date(now().getTime() - DURATION_REPORT.recentMs);
        const ride = await repo.rideForDurationReport(raceId, user.id, since);
        const verdict = durationReportVerdict(ride, seconds);
        if (!verdict.ok) {
          throw verdict.reason === 'mismatch'
            ? badRequest(verdict.message)
            : forbidden(verdict.message);
        }
        if (!acceptsDurationChange(found.race.duration, seconds)) throw tooFar();
        if (!ride || !(await repo.applyReportedDuration(raceId, ride.id, seconds))) {
          throw forbidden('Your ride of this video has already reported its duration.');
        }
      }
      counts.invalidate();
      return seconds;
    },
  };
}

export type RacesService = ReturnType<typeof racesService>;
