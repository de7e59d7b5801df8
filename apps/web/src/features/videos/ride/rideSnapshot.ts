import type { LeaderboardEntry, RideMode, RidePoint, SummaryPoint } from '@ridealong/contracts';
import type { RouteTimeline } from '@ridealong/trainer';
import type { TrainerControl } from './controlScheduler';
import type { PointBuffer, StoredRide } from './pointBuffer';
import type { RideTransport } from './rideSocket';

// What a RideSession needs (the video, the rider, the channel) and what it shows (its snapshot,
// for useSyncExternalStore).

export type RideRace = {
  id: number;
  url: string;
  title: string;
  slope_source_id: number;
  duration: number;
};
export type RideRider = { id: number; username: string; stravaAutoSave: boolean };

export type RideSessionDeps = {
  transport: RideTransport;
  buffer: PointBuffer;
  race: RideRace;
  rider: RideRider;
  clientRideId: string;
  /** Sends a slope to the trainer (the tracker store's sendControl), when one is live. */
  sendControl: (control: TrainerControl) => void;
  /** 'steady' (the video's seconds, 1x) unless given; a reactive ride needs `timeline`. */
  mode?: RideMode;
  /** The member's trainer difficulty for add-track (percent); the server's 100 when absent. */
  difficulty?: number;
  /** The video's route by second, for a reactive ride's slope by distance. */
  timeline?: RouteTimeline | null;
  /** A ride kept in this browser to go on with (same client_ride_id, after its last second). */
  resume?: StoredRide;
};

/** What the ride shows, replaced as a whole on each change (for useSyncExternalStore). */
export type RideSnapshot = {
  trackId: number | null;
  accumulatedPower: number;
  /** Seconds recorded so far: of video in a steady ride, of the ride in a reactive one. */
  elapsedSeconds: number;
  /** Metres (a reactive ride's: the virtual distance along the route). */
  distance: number;
  lastPoint: RidePoint | null;
  /** Every second recorded so far with the road's grade under it, for the ride's summary. */
  recorded: readonly SummaryPoint[];
  /** The control entry at the current video time; null without slope data. */
  slope: number | null;
  /** Other riders at the current second, plus the live rider. */
  leaderboard: LeaderboardEntry[];
  /** The last channel failure, for the rider; cleared by the next success. */
  problem: string | null;
  /**
   * The server has this ride on the current connection (add-track answered since the last
   * connect); false while connecting, disconnected, or asking again after a reconnect.
   */
  linked: boolean;
};

/** A ride before anything was recorded (also what the page shows with no ride). */
export const EMPTY_RIDE_SNAPSHOT: RideSnapshot = {
  trackId: null,
  accumulatedPower: 0,
  elapsedSeconds: 0,
  distance: 0,
  lastPoint: null,
  recorded: [],
  slope: null,
  leaderboard: [],
  problem: null,
  linked: false,
};
