// The tracks module owns these tables (rides, their points, stats and the history standings).
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';
import { races } from './races.js';

/** 'saving': closed to pushes while its gaps are filled in slices (tracks/lifecycle.ts). */
export const trackStatus = pgEnum('track_status', ['recording', 'saving', 'saved']);

/** The Track entity of document 001 section 3: one ride of one video by one member. */
export const tracks = pgTable(
  'tracks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raceId: integer('race_id').references(() => races.id, { onDelete: 'set null' }),
    /** Kept when the video is deleted, so the activity still names it. */
    raceUrl: text('race_url').notNull(),
    title: text('title').notNull(),
    /** Chosen by the client per ride: a resent add-track finds the same track. */
    clientRideId: text('client_ride_id').notNull(),
    status: trackStatus('status').notNull().default('recording'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Metres. */
    totalDistance: doublePrecision('total_distance').notNull().default(0),
    /** Seconds ridden. */
    duration: integer('duration').notNull().default(0),
    /** Watt-seconds. */
    accumulatedPower: doublePrecision('accumulated_power').notNull().default(0),
    /** The last stored second of video; null until a point arrives. */
    lastElapsedTime: integer('last_elapsed_time'),
    uploaded: boolean('uploaded').notNull().default(false),
    /** When this ride reported its video's duration (change-duration): once per ride. */
    durationReportedAt: timestamp('duration_reported_at', { withTimezone: true }),
    /**
     * The video's save count when this ride was saved (set by migration 0007's trigger, under
     * the video's version row lock, so in commit order): which rides a cached history lacks.
     */
    historySeq: integer('history_seq'),
    /**
     * Whether this saved ride is in the member's stats buckets: a ride overlapping in time one
     * already counted is not (rides recorded side by side count once; docs/ride.md).
     */
    statsCounted: boolean('stats_counted').notNull().default(true),
    /**
     * How the video played (issue 26): 'steady' at 1x (points by second of video, the history
     * leaderboard's), or 'reactive' at the rider's speed (points by second of the ride).
     */
    rideMode: text('ride_mode', { enum: ['steady', 'reactive'] })
      .notNull()
      .default('steady'),
    /** The trainer's difficulty (percent): a ride at another than 100 is saved, not ranked. */
    difficulty: smallint('difficulty').notNull().default(100),
    /**
     * A saved reactive ride at 100 % (issue 26, ghosts by distance): metres reached (to 0.1 m, at
     * most the route's distance, so finishers tie on it) and the ride second it first reached
     * them. Null for every other ride.
     */
    reactiveDistance: doublePrecision('reactive_distance'),
    reactiveSeconds: integer('reactive_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tracks_client_ride_idx').on(t.userId, t.clientRideId),
    // Activities: a member's saved rides, newest first.
    index('tracks_user_saved_idx')
      .on(t.userId, t.startedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'saved'`),
    // History leaderboard: the saved rides of a video that ended before a second.
    index('tracks_race_saved_idx')
      .on(t.raceId, t.lastElapsedTime)
      .where(sql`${t.status} = 'saved'`),
    // History leaderboard caches: the rides of a video saved after the version they hold.
    index('tracks_race_history_idx')
      .on(t.raceId, t.historySeq)
      .where(sql`${t.status} = 'saved'`),
    // One recording per member: a member's open rides (few), closed by a newer add-track.
    index('tracks_open_user_idx')
      .on(t.userId)
      .where(sql`${t.status} <> 'saved'`),
    // The stale-rides sweep: open rides by their last sign of life, oldest first.
    index('tracks_open_stale_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} <> 'saved'`),
    // Ghosts by distance (ghosts module): a video's ranked reactive rides in rank order.
    index('tracks_reactive_rank_idx')
      .on(t.raceId, t.reactiveDistance.desc(), t.reactiveSeconds, t.id)
      .where(
        sql`${t.rideMode} = 'reactive' and ${t.difficulty} = 100 and ${t.status} = 'saved' and ${t.reactiveDistance} is not null`,
      ),
    check('tracks_ride_mode_check', sql`${t.rideMode} in ('steady', 'reactive')`),
    check('tracks_difficulty_check', sql`${t.difficulty} between 0 and 200`),
  ],
);

/**
 * A video's history version, kept by migration 0007's triggers on tracks: `saved` counts its
 * rides saved (each gets the new count as its history_seq), `removed` its saved rides deleted.
 * Every process reads it to keep its cached standings current (docs/ride.md).
 */
export const raceHistoryVersions = pgTable('race_history_versions', {
  raceId: integer('race_id')
    .primaryKey()
    .references(() => races.id, { onDelete: 'cascade' }),
  saved: integer('saved').notNull().default(0),
  removed: integer('removed').notNull().default(0),
});

/**
 * The history leaderboard's per-second standings (docs/ride.md, 'History leaderboard'), split
 * in levels (the logarithmic method): one row per ride of a level per second of its video,
 * from the ride's first second to the video's horizon, ended rides carrying their final sum.
 * `build` names the level's version (a merge writes a new one, answers read the live ones
 * listed in race_standing_levels). No foreign key on track_id: a removed ride's rows stay
 * until its level is next rebuilt.
 */
export const raceStandings = pgTable(
  'race_standings',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    build: integer('build').notNull(),
    second: integer('second').notNull(),
    sum: doublePrecision('sum').notNull(),
    trackId: integer('track_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trackId, t.second, t.build] }),
    // One level's order at a second: the per-level counts behind a mark.
    index('race_standings_level_idx').on(t.raceId, t.build, t.second, t.sum.desc(), t.trackId),
    // Every level's order at a second: the shown rows around the rider (build filtered in the index).
    index('race_standings_order_idx').on(t.raceId, t.second, t.sum.desc(), t.trackId, t.build),
  ],
);

/**
 * Every K-th place of a level's standings at a second, with its exact position within the
 * level (0-based), and a last mark at position = the level's number of rides (sum -Infinity):
 * a level's count ahead = a mark's position plus an index count of at most K rows.
 */
export const raceStandingMarks = pgTable(
  'race_standing_marks',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    build: integer('build').notNull(),
    second: integer('second').notNull(),
    position: integer('position').notNull(),
    sum: doublePrecision('sum').notNull(),
    trackId: integer('track_id').notNull(),
  },
  (t) => [
    uniqueIndex('race_standing_marks_idx').on(t.raceId, t.build, t.second, t.sum, t.trackId.desc()),
  ],
);

/** A video's live levels: level i holds at most 64 * 2^i rides, written by build `build`. */
export const raceStandingLevels = pgTable(
  'race_standing_levels',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    build: integer('build').notNull(),
    rides: integer('rides').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.level] })],
);

/**
 * A video's standings state: the rides its levels hold (history_seq up to `builtSeq`), their
 * rows' `horizon`, the builds retired by the last merge (deleted by the next), the build under
 * way (`building`) and the lease that makes one process build at a time (`claims` numbers builds).
 */
export const raceStandingsState = pgTable('race_standings_state', {
  raceId: integer('race_id')
    .primaryKey()
    .references(() => races.id, { onDelete: 'cascade' }),
  builtSeq: integer('built_seq').notNull().default(0),
  horizon: integer('horizon').notNull().default(-1),
  retired: integer('retired')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  building: integer('building').notNull().default(0),
  claims: integer('claims').notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

/**
 * Saved rides that left a video's history (deleted, unsaved, moved), recorded by a trigger
 * (migration): answers subtract those a live level still holds; the entry goes once none does.
 */
export const raceStandingsRemoved = pgTable(
  'race_standings_removed',
  {
    id: serial('id').primaryKey(),
    raceId: integer('race_id').notNull(),
    trackId: integer('track_id').notNull(),
    seq: integer('seq').notNull(),
  },
  (t) => [index('race_standings_removed_race_idx').on(t.raceId, t.trackId)],
);

/**
 * One second of a ride (the spec's tracker sample). race_id stays null while recording and is
 * set when the ride is saved, so the history index holds saved rides only.
 */
export const trackPoints = pgTable(
  'track_points',
  {
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    raceId: integer('race_id').references(() => races.id, { onDelete: 'set null' }),
    elapsedTime: integer('elapsed_time').notNull(),
    accumulatedPower: doublePrecision('accumulated_power').notNull(),
    power: doublePrecision('power').notNull(),
    heartRate: doublePrecision('heart_rate').notNull(),
    cadence: doublePrecision('cadence').notNull(),
    distance: doublePrecision('distance').notNull(),
    speed: doublePrecision('speed').notNull(),
    /** Reactive rides: the second of video shown at this ride second (null otherwise). */
    videoTime: doublePrecision('video_time'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    rawData: jsonb('raw_data'),
  },
  (t) => [
    primaryKey({ columns: [t.trackId, t.elapsedTime] }),
    // Migration 0003 makes this a covering index (INCLUDE the leaderboard values).
    index('track_points_history_idx')
      .on(t.raceId, t.elapsedTime)
      .where(sql`${t.raceId} is not null`),
  ],
);

/**
 * Ride totals per member per 15-minute bucket of the ride's start, kept on save and delete.
 * Every time zone offset in use is a multiple of 15 minutes, so week, month and year starts in
 * any zone fall on bucket boundaries.
 */
export const userStatsBuckets = pgTable(
  'user_stats_buckets',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    rides: integer('rides').notNull().default(0),
    seconds: doublePrecision('seconds').notNull().default(0),
    distance: doublePrecision('distance').notNull().default(0),
    accumulatedPower: doublePrecision('accumulated_power').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bucket] })],
);

export type TrackRow = typeof tracks.$inferSelect;
export type TrackPointRow = typeof trackPoints.$inferSelect;
export type NewTrackPointRow = typeof trackPoints.$inferInsert;
