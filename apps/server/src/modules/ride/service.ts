import { and, asc, between, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ControlResponse,
  HistoryLeaderboardResponse,
  PointsPushed,
  RaceInitialized,
  TrackAdded,
  TrackSaved,
  addTrackSchema,
  controlRequestSchema,
  historyLeaderboardSchema,
  initializeRaceSchema,
  pushPointsSchema,
  stopTrackSchema,
} from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { races as racesTable, raceSlopePoints, tracks, type TrackRow } from '../../db/schema.js';
import type { MediaSigner } from '../media/signing.js';
import type { RaceWithOwner } from '../races/presenter.js';
import { racesRepository } from '../races/repository.js';
import { deleteTrack, saveTrack } from '../tracks/lifecycle.js';
import { pointsRepository } from '../tracks/points-repository.js';
import { presentTrack } from '../tracks/presenter.js';
import { tracksRepository } from '../tracks/repository.js';
import { batchProblem } from '../tracks/ride-bounds.js';
import { controlEntries, controlWindow } from './controls.js';
import { RideError } from './errors.js';
import { historyAt } from './history.js';
import { pointRows } from './points.js';

/** The rider behind the socket: always the session's user, never a payload's id. */
export type Rider = { id: number };
type In<S extends z.ZodType> = z.output<S>;

const sameRider = (rider: Rider, claimed: number) => {
  if (claimed !== rider.id) throw new RideError('You can only ride as yourself.');
};

/** The /ride channel's rules; one function per client event. */
export function rideService(db: Db, signer: MediaSigner, now: () => Date = () => new Date()) {
  const races = racesRepository(db);
  const repo = tracksRepository(db);

  const readyRace = (found: RaceWithOwner | null) => {
    if (!found) throw new RideError('This video was not found.');
    if (found.race.status !== 'ready') throw new RideError('This video is not ready to ride yet.');
    return found.race;
  };

  /** The rider's own ride, or a message saying why not. */
  const ownTrack = async (rider: Rider, trackId: number): Promise<TrackRow> => {
    const track = await repo.findById(trackId);
    if (!track) throw new RideError('This ride was not found.');
    if (track.userId !== rider.id) throw new RideError('This ride belongs to another member.');
    return track;
  };

  return {
    async initializeRace(
      rider: Rider,
      input: In<typeof initializeRaceSchema>,
    ): Promise<RaceInitialized> {
      sameRider(rider, input.userId);
      const race = readyRace(await races.findByUrl(input.url));
      return {
        race_id: race.id,
        url: race.url,
        title: race.title,
        duration: race.duration,
        slope_source_id: race.slopeSourceId,
        history_count: await repo.countSavedOfRace(race.id),
      };
    },

    async addTrack(rider: Rider, input: In<typeof addTrackSchema>): Promise<TrackAdded> {
      sameRider(rider, input.user_id);
      const race = readyRace(await races.findById(input.race_id));
      if (race.url !== input.race_url) throw new RideError('race_id and race_url do not match.');
      const track = await repo.createOnce({
        userId: rider.id,
        raceId: race.id,
        raceUrl: race.url,
        title: input.title?.trim() || race.title,
        clientRideId: input.client_ride_id,
      });
      if (track.raceId !== race.id) {
        throw new RideError('This ride id is already used for another video.');
      }
      return {
        track_id: track.id,
        client_ride_id: track.clientRideId,
        last_elapsed_time: track.lastElapsedTime ?? -1,
      };
    },

    async controls(input: In<typeof controlRequestSchema>): Promise<ControlResponse> {
      const found = await races.findByUrl(input.raceUrl);
      if (!found) throw new RideError('This video was not found.');
      const { from, to } = controlWindow(input.startOfNeeded, input.endOfNeeded);
      const rows = await db
        .select({ second: raceSlopePoints.second, slope: raceSlopePoints.slope })
        .from(raceSlopePoints)
        .where(
          and(eq(raceSlopePoints.raceId, found.race.id), between(raceSlopePoints.second, from, to)),
        )
        .orderBy(asc(raceSlopePoints.second));
      return { start: input.startOfNeeded, controls: controlEntries(rows) };
    },

    async history(input: In<typeof historyLeaderboardSchema>): Promise<HistoryLeaderboardResponse> {
      const raceId = await races.findByUrl(input.raceUrl).then((r) => r?.race.id);
      if (raceId === undefined) throw new RideError('This video was not found.');
      const leaderboard = await historyAt(db, {
        raceId,
        second: input.elapsed_time,
        excludeTrackId: input.track_id ?? 0,
      });
      return { start: input.elapsed_time, leaderboard };
    },

    /**
     * Stores a batch idempotently: a second already stored stays as it was first stored. A
     * batch beyond what the video and the clock allow (tracks/ride-bounds.ts) is refused whole.
     */
    async pushPoints(rider: Rider, input: In<typeof pushPointsSchema>): Promise<PointsPushed> {
      const rows = pointRows(input.track_id, input.points);
      const stored = await db.transaction(async (tx) => {
        // Taking the row lock first: a stop-track saving this ride waits, or has already won.
        const [open] = await tx
          .select({ createdAt: tracks.createdAt, duration: racesTable.duration })
          .from(tracks)
          .leftJoin(racesTable, eq(racesTable.id, tracks.raceId))
          .where(
            and(
              eq(tracks.id, input.track_id),
              eq(tracks.userId, rider.id),
              eq(tracks.status, 'recording'),
            ),
          )
          .for('update', { of: tracks });
        if (!open) return null;
        const first = rows[0];
        if (!first) return [];
        const points = pointsRepository(tx);
        const problem = batchProblem(rows, {
          videoDuration: open.duration ?? 0,
          createdAt: open.createdAt,
          now: now(),
          firstStored: (await points.edges(input.track_id))?.first.elapsedTime ?? null,
          before: await points.before(input.track_id, first.elapsedTime),
        });
        if (problem) throw new RideError(problem);
        await tracksRepository(tx).advance(input.track_id, rows.at(-1)?.elapsedTime ?? -1);
        await tracksRepository(tx).insertPoints(rows);
        return rows.map((r) => r.elapsedTime);
      });
      if (stored) return { track_id: input.track_id, stored };
      const track = await ownTrack(rider, input.track_id);
      throw new RideError(
        track.status === 'saved' ? 'This ride has already been saved.' : 'This ride is closed.',
      );
    },

    async stopTrack(rider: Rider, input: In<typeof stopTrackSchema>): Promise<TrackSaved> {
      sameRider(rider, input.userId);
      const gone = input.discard_track && !(await repo.findById(input.trackId));
      // A resent discard finds nothing left: that is what was asked.
      if (gone) return { track_id: input.trackId, saved: false, track: null };
      const track = await ownTrack(rider, input.trackId);
      if (track.raceUrl !== input.raceUrl) throw new RideError('This ride is of another video.');
      if (input.discard_track) {
        await deleteTrack(db, track.id);
        return { track_id: track.id, saved: false, track: null };
      }
      const outcome = await saveTrack(db, track.id, now);
      if (outcome.kind === 'empty') throw new RideError('Nothing was recorded for this ride.');
      if (outcome.kind === 'missing') throw new RideError('This ride was not found.');
      const withRace = await repo.withRace(track.id);
      return {
        track_id: track.id,
        saved: true,
        track: presentTrack(withRace ?? { track: outcome.track, race: null }, signer),
      };
    },
  };
}

export type RideService = ReturnType<typeof rideService>;
