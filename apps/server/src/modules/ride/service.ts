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
import { can } from '../../access/can.js';
import type { Db } from '../../db/client.js';
import { raceSlopePoints, type TrackRow } from '../../db/schema.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import type { RaceWithOwner } from '../races/index.js';
import { racesRepository } from '../races/index.js';
import type { HistoryCacheOptions } from '../tracks/index.js';
import { deleteTrack, saveTrack, type TrackEvents } from '../tracks/index.js';
import { pointsRepository } from '../tracks/index.js';
import { presentTrack } from '../tracks/index.js';
import { tracksRepository } from '../tracks/index.js';
import { controlEntries, controlWindow } from './controls.js';
import { REACTIVE_NO_STANDINGS, RideError } from './errors.js';
import { historyAnswer, historySource } from './history.js';
import { startRide, SUPERSEDED_MESSAGE, supersededBy } from './one-recording.js';
import { openRideOf } from './open-ride.js';
import { pointRows } from './points.js';
import { storeBatch } from './push.js';
import {
  batchStored,
  pushTarget,
  reachedSecond,
  rideStarted,
  sumAt,
  type SocketRide,
} from './socket-ride.js';

/** The rider behind the socket: always the session's user, never a payload's id. */
export type Rider = { id: number };
type In<S extends z.ZodType> = z.output<S>;

const sameRider = (rider: Rider, claimed: number) => {
  if (!can(rider, 'account.ride', { ownerId: claimed })) {
    throw new RideError('You can only ride as yourself.');
  }
};

/**
 * The /ride channel's rules; one function per client event. Each takes the socket's ride
 * (socket-ride.ts), which supplies the defaults of document 001's payloads.
 */
export function rideService(
  db: Db,
  signer: MediaSigner,
  /** Saving and deleting a ride emit `track.saved` and `track.deleted` (tracks/lifecycle.ts). */
  events: TrackEvents,
  now: () => Date = () => new Date(),
  options: { history?: Partial<HistoryCacheOptions> } = {},
) {
  const races = racesRepository(db);
  const repo = tracksRepository(db);
  const history = historySource(db, options.history);

  const readyRace = (found: RaceWithOwner | null) => {
    if (!found) throw new RideError('This video was not found.');
    if (found.race.status !== 'ready') throw new RideError('This video is not ready to ride yet.');
    return found.race;
  };

  /** The rider's own ride, or a message saying why not. */
  const ownTrack = async (rider: Rider, trackId: number): Promise<TrackRow> => {
    const track = await repo.findById(trackId);
    if (!track) throw new RideError('This ride was not found.');
    if (!can(rider, 'track.record', { ownerId: track.userId })) {
      throw new RideError('This ride belongs to another member.');
    }
    return track;
  };

  /** The video asked about: the payload's url (the socket's video needs no lookup), else that. */
  const videoOf = async (ride: SocketRide, url: string | undefined): Promise<number> => {
    if (url === undefined || url === ride.race?.url) {
      if (ride.race) return ride.race.id;
      throw new RideError('Which video? Send initialize-race first, or raceUrl.');
    }
    const found = await races.findByUrl(url);
    if (!found) throw new RideError('This video was not found.');
    return found.race.id;
  };

  return {
    async initializeRace(
      rider: Rider,
      input: In<typeof initializeRaceSchema>,
      ride: SocketRide,
    ): Promise<RaceInitialized> {
      sameRider(rider, input.userId);
      const race = readyRace(await races.findByUrl(input.url));
      if (ride.race?.id !== race.id)
        Object.assign(ride, { trackId: null, reached: null, startedAt: null });
      ride.race = { id: race.id, url: race.url };
      return {
        race_id: race.id,
        url: race.url,
        title: race.title,
        duration: race.duration,
        slope_source_id: race.slopeSourceId,
        history_count: await repo.countSavedOfRace(race.id),
      };
    },

    /**
     * The same `client_ride_id` answers the same track; without one (document 001's payload),
     * the member's open ride of the video within the resume window (open-ride.ts). It becomes
     * the member's one recording ride: any other is closed and saved (one-recording.ts).
     */
    async addTrack(
      rider: Rider,
      input: In<typeof addTrackSchema>,
      ride: SocketRide,
    ): Promise<TrackAdded> {
      sameRider(rider, input.user_id);
      const race = readyRace(await races.findById(input.race_id));
      if (race.url !== input.race_url) throw new RideError('race_id and race_url do not match.');
      const values = {
        userId: rider.id,
        raceId: race.id,
        raceUrl: race.url,
        title: input.title?.trim() || race.title,
        rideMode: input.mode,
        difficulty: input.difficulty,
      };
      const { track, closed } = await startRide(db, values, input.client_ride_id);
      if (track.raceId !== race.id) {
        throw new RideError('This ride id is already used for another video.');
      }
      // The member's other recordings were closed (one-recording.ts): saved, or removed when
      // empty, as a resent stop-track would, before the new ride answers. Should a save fail,
      // the error is answered and the stale-rides sweep finishes it.
      for (const id of closed) await saveTrack(db, events, id, now);
      const last = track.lastElapsedTime;
      const stored = last === null ? null : await pointsRepository(db).before(track.id, last + 1);
      const nowMs = now().getTime();
      const reached = stored && {
        second: stored.elapsedTime,
        sum: stored.accumulatedPower,
        at: nowMs,
      };
      rideStarted(ride, { id: race.id, url: race.url }, track.id, reached, nowMs);
      ride.modes.set(track.id, track.rideMode);
      return {
        track_id: track.id,
        client_ride_id: track.clientRideId,
        last_elapsed_time: last ?? -1,
      };
    },

    async controls(
      input: In<typeof controlRequestSchema>,
      ride: SocketRide,
    ): Promise<ControlResponse> {
      const raceId = await videoOf(ride, input.raceUrl);
      const { from, to } = controlWindow(input.startOfNeeded, input.endOfNeeded);
      const rows = await db
        .select({ second: raceSlopePoints.second, slope: raceSlopePoints.slope })
        .from(raceSlopePoints)
        .where(and(eq(raceSlopePoints.raceId, raceId), between(raceSlopePoints.second, from, to)))
        .orderBy(asc(raceSlopePoints.second));
      return { start: input.startOfNeeded, controls: controlEntries(rows) };
    },

    /**
     * The bounded window of the earlier rides at a second (history.ts). Every field may be
     * left out: the socket's video, the second its ride has reached, its own track and sum.
     */
    async history(
      rider: Rider,
      input: In<typeof historyLeaderboardSchema>,
      ride: SocketRide,
    ): Promise<HistoryLeaderboardResponse> {
      const raceId = await videoOf(ride, input.raceUrl);
      const ownTrackId = input.track_id ?? ride.trackId;
      if (ownTrackId !== null && !ride.modes.has(ownTrackId)) {
        const track = await ownTrack(rider, ownTrackId);
        ride.own.add(ownTrackId);
        ride.modes.set(ownTrackId, track.rideMode);
      }
      // A reactive ride's seconds are its own, not the video's: placing its sum among the
      // steady rides at a video second would be wrong (docs/ride.md, "Ghosts").
      if (ownTrackId !== null && ride.modes.get(ownTrackId) === 'reactive') {
        throw new RideError(REACTIVE_NO_STANDINGS);
      }
      const second = input.elapsed_time ?? reachedSecond(ride, now().getTime());
      if (second === null) throw new RideError('Which second? Send elapsed_time.');
      const sum =
        input.accumulated_power ?? (ownTrackId === ride.trackId ? sumAt(ride, second) : null);
      return historyAnswer(history, { raceId, second, sum, ownTrackId });
    },

    /** Stores a batch (push.ts) for the payload's track, else the points', else the socket's. */
    async pushPoints(
      rider: Rider,
      input: In<typeof pushPointsSchema>,
      ride: SocketRide,
    ): Promise<PointsPushed> {
      let trackId = pushTarget(input.track_id, input.points, ride);
      if (trackId === null && ride.race) {
        // A new socket of a ride that came without a client ride id (a reconnect).
        trackId = await openRideOf(db, rider.id, ride.race.id);
        if (trackId !== null) rideStarted(ride, ride.race, trackId, null, now().getTime());
      }
      if (trackId === null) throw new RideError('Start the ride with add-track first.');
      const at = now();
      const rows = pointRows(trackId, input.points, at.getTime());
      const stored = await storeBatch(db, { userId: rider.id, trackId, rows, now: at });
      if (stored) {
        const last = rows.at(-1);
        if (last) {
          const reached = { second: last.elapsedTime, sum: last.accumulatedPower };
          batchStored(ride, trackId, reached, at.getTime());
        }
        return { track_id: trackId, stored };
      }
      const track = await ownTrack(rider, trackId);
      if (await supersededBy(db, rider.id, trackId)) throw new RideError(SUPERSEDED_MESSAGE);
      throw new RideError(
        track.status === 'saved' ? 'This ride has already been saved.' : 'This ride is closed.',
      );
    },

    async stopTrack(
      rider: Rider,
      input: In<typeof stopTrackSchema>,
      ride: SocketRide,
    ): Promise<TrackSaved> {
      sameRider(rider, input.userId);
      const out = await closeRide(rider, input);
      // The socket's ride is over: its defaults no longer point at it.
      if (ride.trackId === out.track_id)
        Object.assign(ride, { trackId: null, reached: null, startedAt: null });
      return out;
    },
  };

  /** Discards (deletes) or saves the member's ride. */
  async function closeRide(rider: Rider, input: In<typeof stopTrackSchema>): Promise<TrackSaved> {
    const gone = input.discard_track && !(await repo.findById(input.trackId));
    // A resent discard finds nothing left: that is what was asked.
    if (gone) return { track_id: input.trackId, saved: false, track: null };
    const track = await ownTrack(rider, input.trackId);
    if (track.raceUrl !== input.raceUrl) throw new RideError('This ride is of another video.');
    if (input.discard_track) {
      await deleteTrack(db, events, track.id);
      return { track_id: track.id, saved: false, track: null };
    }
    const outcome = await saveTrack(db, events, track.id, now);
    if (outcome.kind === 'empty') throw new RideError('Nothing was recorded for this ride.');
    if (outcome.kind === 'missing') throw new RideError('This ride was not found.');
    const withRace = await repo.withRace(track.id);
    return {
      track_id: track.id,
      saved: true,
      track: presentTrack(withRace ?? { track: outcome.track, race: null }, signer),
    };
  }
}

export type RideService = ReturnType<typeof rideService>;
