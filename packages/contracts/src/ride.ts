import { z } from 'zod';
import { epochMs, idSchema, videoSecond, videoSeconds } from './schemas/common.js';
import { trackSchema } from './schemas/track.js';
import { difficultySchema, rideModeSchema } from './rules/ride-mode.js';

/**
 * The real-time single-ride channel (document 001 section 7): Socket.IO namespace `/ride`,
 * authenticated with the session token in the handshake (`auth: { token }`). Event names are the
 * v1 contract, including the spelling 'race-intialized'. Every client emit also takes an optional
 * acknowledgement callback answering `RideAck`, so a client can tell a stored batch from a lost one;
 * each answer is sent once, as that acknowledgement, or as the named event when there is none.
 *
 * The desktop apps of the supported versions send document 001's payloads and nothing more, so
 * every field this server added on top (`client_ride_id`, push-points' `track_id`, everything of
 * history-leaderboard, a point's `speed`, `timestamp` and `video_time`, add-track's `mode` and
 * `difficulty`) is optional, with a server-side default
 * (docs/ride.md, "Payloads of the supported desktop apps").
 */
export const RIDE_NAMESPACE = '/ride';

/** Section 9 constants of riding. */
export const RIDE = {
  countdownSeconds: 10,
  /** Control data is asked for in windows of this many seconds of video ... */
  controlWindowSeconds: 10,
  /** ... this many seconds before the window begins. */
  controlLeadSeconds: 5,
  /** Points are pushed every 10 seconds of video. */
  pushIntervalSeconds: 10,
  /** A video ending more than 1 % away from its recorded duration corrects it. */
  durationTolerance: 0.01,
  /** A placeholder sample is made each second when no data came for over a second. */
  placeholderAfterMs: 1000,
  pauseFullscreenExitMs: 500,
  /** Strava auto-save applies to workouts over one minute. */
  stravaAutoSaveMinSeconds: 60,
  /** At most this many points in one push-points (a resend after a long outage is chunked). */
  maxPointsPerPush: 600,
} as const;

/** Section 9: the top 10, or the top 3 and 5 neighbours; an answer holds at most maxEntries. */
export const LEADERBOARD = { top: 10, head: 3, neighbours: 5, maxEntries: 10 } as const;

const rawDataSchema = z
  .record(z.string().max(100), z.union([z.number(), z.string().max(1000), z.boolean()]))
  .refine((r) => Object.keys(r).length <= 50, 'at most 50 values');

/**
 * One recorded second of a ride (the spec's tracker sample), as this app records it. In a
 * steady ride (and every v1 payload) `elapsed_time` is the whole second of video and `distance`
 * the metres ridden at the filmer's pace; in a reactive ride `elapsed_time` is the ride's own
 * second since its start, `distance` the virtual distance along the route and `video_time`
 * where the video was at that second (rules/ride-mode.ts).
 */
export const ridePointSchema = z.object({
  /** Whole seconds: the point's identity within its track (of video, or of the ride: above). */
  elapsed_time: videoSecond,
  /** Sum of every recorded second's power (watt-seconds) up to this point. */
  accumulated_power: z.number().min(0).max(1e9),
  power: z.number().min(0).max(4000),
  heart_rate: z.number().min(0).max(260),
  cadence: z.number().min(0).max(300),
  /** Metres ridden since the start. */
  distance: z.number().min(0).max(1e7),
  /** Metres per second. */
  speed: z.number().min(0).max(40).default(0),
  /** When it was recorded (ms since the epoch). */
  timestamp: epochMs,
  /** The device's own values, kept for support; small. */
  raw_data: rawDataSchema.optional(),
  /** Seconds of video shown at this point (fractions allowed); reactive rides only, optional. */
  video_time: videoSeconds.optional(),
});
export type RidePoint = z.infer<typeof ridePointSchema>;

/**
 * A point as the server takes it: also document 001's sample, which has no `speed` or
 * `timestamp` (the server takes such a batch as recorded one point a second up to its arrival)
 * and carries its `track_id` (push-points' default track). The sample's other fields (username,
 * user_id, url, active) are the server's to know and are ignored; a `raw_data` that is not a
 * small flat record (an older app's nested object) is dropped rather than refusing the points.
 */
export const ridePointInputSchema = ridePointSchema.extend({
  timestamp: epochMs.optional(),
  raw_data: z
    .unknown()
    .transform((v) => {
      const flat = rawDataSchema.safeParse(v);
      return flat.success ? flat.data : undefined;
    })
    .optional(),
  track_id: idSchema.optional(),
});
export type RidePointInput = z.output<typeof ridePointInputSchema>;

/** The slope the trainer should follow at a second of video (the spec's control entry). */
export const controlEntrySchema = z.object({
  elapsed_time: z.number(),
  /** Grade in percent. */
  slope: z.number(),
  road_feel_type: z.string(),
  road_feel_intensity: z.number(),
  /** The entry's position in the video in milliseconds. */
  timestamp: z.number(),
});
export type ControlEntry = z.infer<typeof controlEntrySchema>;

/** A past (or live) rider's values at one second of the video. */
export const leaderboardEntrySchema = z.object({
  username: z.string(),
  user_id: z.number(),
  url: z.string(),
  track_id: z.number(),
  elapsed_time: z.number(),
  accumulated_power: z.number(),
  power: z.number(),
  heart_rate: z.number(),
  cadence: z.number(),
  distance: z.number(),
  /** False for a ride that had already ended by this second (its final values are shown). */
  active: z.boolean(),
  /**
   * The place at that second, counting the asking rider (whose own place is the one rank the
   * answer leaves out). Always sent by the server; absent on a row a client makes itself.
   */
  rank: z.number().optional(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

// ---- client -> server payloads -------------------------------------------------------------

export const initializeRaceSchema = z.object({
  url: z.string().min(1).max(200),
  userId: idSchema,
  slope_source_id: z.number().int().min(0).max(2).optional(),
});

export const addTrackSchema = z.object({
  title: z.string().max(200).optional(),
  race_id: idSchema,
  username: z.string().max(100).optional(),
  race_url: z.string().min(1).max(200),
  user_id: idSchema,
  /**
   * Chosen by the client for this ride (a UUID): a resent add-track after a reconnect returns
   * the same track instead of a second one. Without it (document 001's payload), an add-track
   * for the same video soon after the member's last one returns that open ride.
   */
  client_ride_id: z.string().min(8).max(64).optional(),
  /** Ours (issue 26): how the video plays. A v1 desktop app sends none: steady. */
  mode: rideModeSchema.default('steady'),
  /** Ours: the trainer's difficulty for this ride (percent); only 100 is ranked. */
  difficulty: difficultySchema.default(100),
});

export const controlRequestSchema = z.object({
  startOfNeeded: videoSeconds,
  endOfNeeded: videoSeconds,
  slopeSourceId: z.number().int().min(0).max(2).optional(),
  raceUrl: z.string().min(1).max(200),
});

/**
 * Document 001 names no fields for history-leaderboard: everything is optional and defaults to
 * the socket's ride (its video, the second it has reached, its own sum).
 */
export const historyLeaderboardSchema = z.object({
  raceUrl: z.string().min(1).max(200).optional(),
  /** The second of video asked for. */
  elapsed_time: videoSecond.optional(),
  /** The live rider's own track (theirs only), left out of the answer. */
  track_id: idSchema.optional(),
  /** The live rider's accumulated power at that second: places them among the earlier rides. */
  accumulated_power: z.number().min(0).max(1e9).optional(),
});

export const pushPointsSchema = z.object({
  /** Defaults to the points' own track_id, then to the ride this socket's add-track answered. */
  track_id: idSchema.optional(),
  points: z.array(ridePointInputSchema).max(RIDE.maxPointsPerPush),
  /** 'final' when this is the last batch before stop-track. */
  status: z.enum(['recording', 'final']).default('recording'),
  discard_track: z.boolean().default(false),
});

export const stopTrackSchema = z.object({
  discard_track: z.boolean(),
  accumulated_power: z.number().min(0).max(1e9).optional(),
  raceUrl: z.string().min(1).max(200),
  trackId: idSchema,
  userId: idSchema,
  strava_access_token: z.string().max(500).nullable().optional(),
  strava_auto_save: z.boolean().optional(),
});

/** Each client event's payload schema: handlers parse with it, tests sweep every event from it. */
export const rideClientSchemas = {
  'initialize-race': initializeRaceSchema,
  'add-track': addTrackSchema,
  'control-request': controlRequestSchema,
  'history-leaderboard': historyLeaderboardSchema,
  'push-points': pushPointsSchema,
  'stop-track': stopTrackSchema,
} as const satisfies Record<keyof RideClientToServer, z.ZodType>;

// ---- server -> client payloads -------------------------------------------------------------

export const raceInitializedSchema = z.object({
  race_id: z.number(),
  url: z.string(),
  title: z.string(),
  /** Seconds. */
  duration: z.number(),
  slope_source_id: z.number(),
  /** How many earlier rides the history leaderboard holds. */
  history_count: z.number(),
});
export type RaceInitialized = z.infer<typeof raceInitializedSchema>;

export const trackAddedSchema = z.object({
  track_id: z.number(),
  client_ride_id: z.string(),
  /** The last second already stored (a resumed ride continues after it); -1 when none. */
  last_elapsed_time: z.number(),
});
export type TrackAdded = z.infer<typeof trackAddedSchema>;

export const controlResponseSchema = z.object({
  start: z.number(),
  controls: z.array(controlEntrySchema),
});
export type ControlResponse = z.infer<typeof controlResponseSchema>;

/**
 * A bounded window of the standings at second `start` (section 9): the top 10, or, for a rider
 * below 10th, the top 3 and the ranks around the rider; never more than `LEADERBOARD.maxEntries`.
 */
export const historyLeaderboardResponseSchema = z.object({
  start: z.number(),
  leaderboard: z.array(leaderboardEntrySchema),
  /** Riders at that second: the earlier rides, plus the asking rider when placed. */
  total: z.number(),
  /** The asking rider's place, or null when the server does not know their sum yet. */
  rank: z.number().nullable(),
});
export type HistoryLeaderboardResponse = z.infer<typeof historyLeaderboardResponseSchema>;

export const pointsPushedSchema = z.object({
  track_id: z.number(),
  /** The seconds of this batch now stored (new or already there). */
  stored: z.array(z.number()),
});
export type PointsPushed = z.infer<typeof pointsPushedSchema>;

export const trackSavedSchema = z.object({
  track_id: z.number(),
  /** False when the ride was discarded (nothing is kept). */
  saved: z.boolean(),
  track: trackSchema.nullable(),
});
export type TrackSaved = z.infer<typeof trackSavedSchema>;

/** Either the answer, or a message a person can act on. */
export type RideAck<T> = ({ ok: true } & T) | { ok: false; message: string };
type Ack<T> = (answer: RideAck<T>) => void;

export interface RideClientToServer {
  'initialize-race': (p: z.input<typeof initializeRaceSchema>, ack?: Ack<RaceInitialized>) => void;
  'add-track': (p: z.input<typeof addTrackSchema>, ack?: Ack<TrackAdded>) => void;
  'control-request': (p: z.input<typeof controlRequestSchema>, ack?: Ack<ControlResponse>) => void;
  'history-leaderboard': (
    p: z.input<typeof historyLeaderboardSchema>,
    ack?: Ack<HistoryLeaderboardResponse>,
  ) => void;
  'push-points': (p: z.input<typeof pushPointsSchema>, ack?: Ack<PointsPushed>) => void;
  'stop-track': (p: z.input<typeof stopTrackSchema>, ack?: Ack<TrackSaved>) => void;
}

export interface RideServerToClient {
  'race-intialized': (p: RaceInitialized) => void;
  'track-added': (p: TrackAdded) => void;
  'control-response': (p: ControlResponse) => void;
  'history-leaderboard-response': (p: HistoryLeaderboardResponse) => void;
  /** After a push-points with status 'final' has been stored. */
  'final-points-pushed': (p: PointsPushed) => void;
  'track-saved': (p: TrackSaved) => void;
  /** A refused request: which event and why. */
  'ride-error': (p: { event: string; message: string }) => void;
}
