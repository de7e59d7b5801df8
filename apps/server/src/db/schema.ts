import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  ACCOUNT_LEVELS,
  CHALLENGE_TYPES,
  EVENT_END_REASONS,
  EVENT_STATUSES,
  VIDEO_STATES,
  type RouteSummary,
} from '@ridealong/contracts';

export const accountLevel = pgEnum('account_level', ACCOUNT_LEVELS);
export const gender = pgEnum('gender', ['female', 'male', 'non_binary', 'prefer_not_to_say']);
export const emailTokenPurpose = pgEnum('email_token_purpose', ['verify_email', 'reset_password']);

/** The User entity of document 000 section 3. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    photoUrl: text('photo_url'),
    weight: doublePrecision('weight'),
    height: doublePrecision('height'),
    gender: gender('gender'),
    loginCount: integer('login_count').notNull().default(0),
    admin: boolean('admin').notNull().default(false),
    channelTitle: text('channel_title'),
    channelDescription: text('channel_description'),
    channelImage: text('channel_image'),
    acceptedTerms: boolean('accepted_terms_and_conditions').notNull().default(false),
    enterDemoModeAt: integer('enter_demo_mode_at'),
    notifyMembersRiding: boolean('members_riding_your_videos_notification').notNull().default(true),
    sendWeeklyFitnessSummary: boolean('send_weekly_fitness_summary').notNull().default(true),
    sendMostRiddenTracks: boolean('send_most_ridden_tracks').notNull().default(true),
    sendWhoRodeYourRides: boolean('send_who_rode_your_rides').notNull().default(true),
    stravaAutoSave: boolean('strava_auto_save').notNull().default(false),
    trainerDifficulty: integer('trainer_difficulty').notNull().default(100),
    trainerDownhill: integer('trainer_downhill').notNull().default(50),
    /** 'imperial' | 'metric': how every page shows distances, speeds, heights and weights. */
    units: text('units').notNull().default('imperial'),
    accountLevel: accountLevel('account_level').notNull().default('trial'),
    previousAccountLevel: accountLevel('previous_account_level'),
    currentPeriodEndDate: timestamp('current_period_end_date', { withTimezone: true }),
    complimentaryAccess: boolean('complimentary_access').notNull().default(false),
    accountExpired: boolean('account_expired').notNull().default(false),
    stripeSubId: text('stripe_sub_id'),
    /** The payment provider's customer (Stripe cus_..., or the local provider's id). */
    stripeCustomerId: text('stripe_customer_id'),
    /** Which plan the subscription is for ('core' | 'pro'), kept to restore a cancelled plan. */
    subscriptionPlan: text('subscription_plan'),
    /** When complimentary access (a coupon or an admin grant) ends. */
    complimentaryUntil: timestamp('complimentary_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The expiry sweep's two questions: whose trial, and whose complimentary access, is over.
    index('users_trial_end_idx')
      .on(t.currentPeriodEndDate)
      .where(sql`${t.accountLevel} = 'trial'`),
    index('users_complimentary_end_idx')
      .on(t.complimentaryUntil)
      .where(sql`${t.complimentaryAccess}`),
  ],
);

/** Opaque session tokens; only their SHA-256 is stored, so a database leak holds no token. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Single-use codes sent by mail (verification and password reset), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_tokens_code_hash_idx').on(t.codeHash)],
);

/** Social sign-in identities linked to a user (provider + the provider's subject id). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_idx').on(t.provider, t.subject)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const videoState = pgEnum('video_state', VIDEO_STATES);

/** Full-text search vector, kept by the races repository (title, description, channel title). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The Race/video entity of document 001 section 3. */
export const races = pgTable(
  'races',
  {
    id: serial('id').primaryKey(),
    /** The identifier in routes; random for uploads, fixed for 'demo-video'. */
    url: text('url').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelVisible: boolean('channel_visible').notNull().default(true),
    searchVisible: boolean('search_visible').notNull().default(true),
    slopeSourceId: integer('slope_source_id').notNull().default(0),
    gpxUploadFilename: text('gpx_upload_filename'),
    muteVideoAudio: boolean('mute_video_audio').notNull().default(false),
    muteOverlayAudio: boolean('mute_overlay_audio').notNull().default(false),
    /** Seconds, 0 until processed. */
    duration: doublePrecision('duration').notNull().default(0),
    contentType: text('content_type').notNull().default('video/mp4'),
    status: videoState('status').notNull().default('uploading'),
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    startOffset: doublePrecision('start_offset').notNull().default(0),
    endOffset: doublePrecision('end_offset').notNull().default(0),
    /** Storage folder of the packaged stream (manifests, segments, thumbs, poster). */
    mediaKey: text('media_key'),
    /** Rendition names by DASH/HLS stream index, best first, e.g. ['hd', 'sd']. */
    renditions: text('renditions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    posterFile: text('poster_file'),
    exclusive: boolean('exclusive').notNull().default(false),
    samplerMonth: text('sampler_month'),
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('races_url_idx').on(t.url),
    index('races_user_idx').on(t.userId, t.createdAt),
    // The public listing (newest first) reads only this slice: ready, searchable, not the demo.
    index('races_listed_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'ready' and ${t.searchVisible} and ${t.url} <> 'demo-video'`),
    index('races_duration_idx').on(t.duration),
    index('races_search_idx').using('gin', t.searchVector),
  ],
);

/** The uploaded source files of a video, in join order; kept until the output is verified. */
export const raceFiles = pgTable(
  'race_files',
  {
    id: serial('id').primaryKey(),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    originalName: text('original_name').notNull(),
    /** Storage key of the uploaded file; null while the upload is under way. */
    storageKey: text('storage_key'),
    uploadId: text('upload_id'),
    size: doublePrecision('size').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('race_files_position_idx').on(t.raceId, t.position)],
);

/** The per-second slope profile of a video (one row per second of video). */
export const raceSlopePoints = pgTable(
  'race_slope_points',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    second: integer('second').notNull(),
    distance: doublePrecision('distance').notNull(),
    elevation: doublePrecision('elevation').notNull(),
    speed: doublePrecision('speed').notNull(),
    slope: doublePrecision('slope').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.second] })],
);

/**
 * A video's route facts and downsampled elevation profile (RouteSummary of the contracts),
 * computed once from its slope profile when that is written, so pages never read every second.
 */
export const raceRoutes = pgTable('race_routes', {
  raceId: integer('race_id')
    .primaryKey()
    .references(() => races.id, { onDelete: 'cascade' }),
  summary: jsonb('summary').$type<RouteSummary>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const jobState = pgEnum('job_state', ['queued', 'running', 'done', 'failed']);

/** The in-process job runner's queue: survives restarts; a running job left by a crash is retried. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    state: jobState('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    progress: integer('progress').notNull().default(0),
    lastError: text('last_error'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.state, t.runAt)],
);

export type RaceRow = typeof races.$inferSelect;
export type NewRaceRow = typeof races.$inferInsert;
export type RaceFileRow = typeof raceFiles.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;

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

/** Admin-created promo codes (document 001 'Admin page', document 000 section 8). */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    couponType: text('coupon_type').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** { account_level, time_to_grant: [amount, unit] } as the admin form sends it. */
    grants: jsonb('grants').notNull(),
    maxEntries: integer('max_entries').notNull(),
    entries: integer('entries').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_lower_idx').on(sql`lower(${t.code})`)],
);

/** Who redeemed which coupon: one redemption per user and code. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedUntil: timestamp('granted_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

/** Webhook events already applied, by the provider's event id: a replay changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localCheckoutState = pgEnum('local_checkout_state', ['open', 'complete', 'expired']);

/** The local (test) provider's checkout sessions, served by our own checkout page. */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  state: localCheckoutState('state').notNull().default('open'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The local (test) provider's subscriptions, mirroring what Stripe keeps for a customer. */
export const localSubscriptions = pgTable(
  'local_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    type: text('type').notNull(),
    /** Stripe's words: active, past_due, canceled. */
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_subscriptions_user_idx').on(t.userId)],
);

/**
 * A billing portal opened from the desktop app (docs/desktop-accounts.md): the
 * portal's return address names `return_key`'s secret, and the app asks by the SHA-256 of the
 * portal address it was handed (`portal_key`) whether the member came back.
 */
export const desktopPortalReturns = pgTable(
  'desktop_portal_returns',
  {
    portalKey: text('portal_key').primaryKey(),
    returnKey: text('return_key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [index('desktop_portal_returns_created_idx').on(t.createdAt)],
);

/**
 * One-time codes handing a session signed in in the system browser to the desktop app
 * (docs/desktop-accounts.md): stored hashed, single-use, short-lived, bound to the app's PKCE
 * challenge.
 */
export const desktopSigninCodes = pgTable(
  'desktop_signin_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('desktop_signin_codes_expires_idx').on(t.expiresAt)],
);

export const eventStatus = pgEnum('event_status', EVENT_STATUSES);
export const eventEndReason = pgEnum('event_end_reason', EVENT_END_REASONS);

/**
 * A group event (document 001 section 3): a group ride of one video that members join. Its
 * id is the /group room id. Times come from the server's clock only (docs/group.md).
 */
export const groupEvents = pgTable(
  'group_events',
  {
    id: serial('id').primaryKey(),
    hostUserId: integer('host_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raceId: integer('race_id').references(() => races.id, { onDelete: 'set null' }),
    /** Kept when the video is deleted, so a completed event still names it. */
    raceUrl: text('race_url').notNull(),
    title: text('title').notNull(),
    hostDisplayName: text('host_display_name').notNull(),
    status: eventStatus('status').notNull().default('waiting-room'),
    endReason: eventEndReason('end_reason'),
    /** When the host pressed Start; the countdown ends GROUP.countdownSeconds later. */
    timeStart: timestamp('time_start', { withTimezone: true }),
    /** Seconds of video the event rides, from the video (or the host's start-race). */
    duration: integer('duration'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // /events: the active list, and the completed pages newest first.
    index('group_events_active_idx')
      .on(t.status, t.createdAt.desc())
      .where(sql`${t.status} <> 'complete'`),
    // Only events that started: a waiting room left without starting is no completed ride.
    index('group_events_completed_started_idx')
      .on(t.completedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'complete' and ${t.timeStart} is not null`),
    // One open (not complete) event per host.
    uniqueIndex('group_events_open_host_idx')
      .on(t.hostUserId)
      .where(sql`${t.status} <> 'complete'`),
  ],
);

/**
 * Who is in which event. A row with left_at null is a rider in the event: the partial unique
 * index keeps a member in at most one event at a time.
 */
export const eventRiders = pgTable(
  'event_riders',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => groupEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    uniqueIndex('event_riders_one_event_idx')
      .on(t.userId)
      .where(sql`${t.leftAt} is null`),
    index('event_riders_event_idx')
      .on(t.eventId)
      .where(sql`${t.leftAt} is null`),
  ],
);

export const challengeType = pgEnum('challenge_type', CHALLENGE_TYPES);

/**
 * A challenge (document 001 section 3). It runs over [starts_at, ends_at): its start date
 * 00:00 UTC to the end of its end date (docs/challenges.md).
 */
export const challenges = pgTable(
  'challenges',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Switched off by an admin; a challenge past its end is inactive whatever this says. */
    active: boolean('active').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    imageUrl: text('image_url'),
    challengeType: challengeType('challenge_type').notNull(),
    /** Miles, watts, minutes, videos or rides; null for race-based. */
    goal: doublePrecision('goal'),
    /** Race-based: the video urls, in order. */
    videoSubset: text('video_subset')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Members who joined, kept with every join and leave (the leaderboard's count). */
    participants: integer('participants').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('challenges_ends_idx').on(t.endsAt.desc(), t.id.desc()),
    // At most one featured challenge.
    uniqueIndex('challenges_featured_idx')
      .on(t.featured)
      .where(sql`${t.featured}`),
  ],
);
export type ChallengeRow = typeof challenges.$inferSelect;

/**
 * A member in a challenge and their progress, always recomputed from stored rides and uploads
 * (never sent by a client). The leaderboard index makes a page of the board an index range.
 */
export const userChallenges = pgTable(
  'user_challenges',
  {
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    currentTotal: doublePrecision('current_total').notNull().default(0),
    averagePower: doublePrecision('average_power').notNull().default(0),
    videosWatched: text('videos_watched')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    completionPercent: doublePrecision('completion_percent').notNull().default(0),
    complete: boolean('complete').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.userId] }),
    index('user_challenges_board_idx').on(
      t.challengeId,
      t.completionPercent.desc(),
      t.currentTotal.desc(),
      t.userId,
    ),
    index('user_challenges_user_idx').on(t.userId, t.joinedAt.desc()),
  ],
);
export type UserChallengeRow = typeof userChallenges.$inferSelect;

/**
 * A big challenge's ranking state (docs/challenges.md, 'Leaderboard'): the snapshot pages read
 * (`generation`: the table challenge_rankings_<id>_<generation> of ranking-table.ts, as of
 * `rankedAt`, `ranked` rows), a debounced build queued (`dueAt`) and the build under way
 * (`building`, leased until `leaseUntil`, so one process builds at a time).
 */
export const challengeBoards = pgTable('challenge_boards', {
  challengeId: integer('challenge_id')
    .primaryKey()
    .references(() => challenges.id, { onDelete: 'cascade' }),
  generation: integer('generation'),
  rankedAt: timestamp('ranked_at', { withTimezone: true }),
  ranked: integer('ranked').notNull().default(0),
  dueAt: timestamp('due_at', { withTimezone: true }),
  building: integer('building'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

/**
 * A member's Strava connection (docs/strava.md). The tokens are encrypted at rest
 * (strava/token-crypto.ts) and never leave the server.
 */
export const stravaAccounts = pgTable('strava_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Strava's athlete id (a 64-bit number, kept as text). */
  athleteId: text('athlete_id').notNull(),
  athleteName: text('athlete_name'),
  /** The scopes the member granted. */
  scope: text('scope').notNull().default(''),
  accessTokenEnc: text('access_token_enc').notNull(),
  refreshTokenEnc: text('refresh_token_enc').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Strava refused the connection (revoked there, or the refresh failed): connect again. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /**
   * A process is refreshing the tokens until then (Strava rotates refresh tokens, so only one
   * may): a lease rather than a row lock held over the HTTP call (strava/connect-service.ts).
   */
  refreshLeaseUntil: timestamp('refresh_lease_until', { withTimezone: true }),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type StravaAccountRow = typeof stravaAccounts.$inferSelect;

export const stravaUploadState = pgEnum('strava_upload_state', [
  'queued',
  'uploading',
  'uploaded',
  'failed',
]);

/**
 * One ride's way to Strava: at most one per ride (its primary key), so a ride is never
 * uploaded twice; the `strava.upload` job moves it along.
 */
export const stravaUploads = pgTable(
  'strava_uploads',
  {
    trackId: integer('track_id')
      .primaryKey()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: stravaUploadState('state').notNull().default('queued'),
    /** 'auto' (saved with strava_auto_save) or 'manual' (the activity's upload action). */
    trigger: text('trigger').notNull(),
    /** Strava's upload id while it processes the file (64-bit, as text). */
    uploadId: text('upload_id'),
    /** Strava's activity id once processed, or the existing one of a duplicate. */
    activityId: text('activity_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('strava_uploads_user_idx').on(t.userId)],
);
export type StravaUploadRow = typeof stravaUploads.$inferSelect;

/**
 * Strava's rate limits as one budget for the whole application (every process): a row per
 * window ('short': 15 minutes, 'daily'), counted before each request.
 */
export const stravaRateWindows = pgTable('strava_rate_windows', {
  name: text('name').primaryKey(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  used: integer('used').notNull().default(0),
  limit: integer('limit').notNull(),
});

/** The built-in stand-in for Strava (no STRAVA_CLIENT_ID): its authorisation codes. */
export const stravaStandinGrants = pgTable('strava_standin_grants', {
  /** The code's SHA-256 (codes are single-use and expire after 10 minutes). */
  code: text('code').primaryKey(),
  athleteId: text('athlete_id').notNull(),
  athleteName: text('athlete_name').notNull(),
  scope: text('scope').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The stand-in's tokens (stored hashed, as a real service would). */
export const stravaStandinTokens = pgTable(
  'strava_standin_tokens',
  {
    accessTokenHash: text('access_token_hash').primaryKey(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    athleteId: text('athlete_id').notNull(),
    athleteName: text('athlete_name').notNull(),
    scope: text('scope').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('strava_standin_tokens_refresh_idx').on(t.refreshTokenHash)],
);

/** What was uploaded to the stand-in: shown on its own pages. */
export const stravaStandinUploads = pgTable(
  'strava_standin_uploads',
  {
    id: serial('id').primaryKey(),
    athleteId: text('athlete_id').notNull(),
    athleteName: text('athlete_name').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sportType: text('sport_type').notNull(),
    trainer: boolean('trainer').notNull().default(false),
    dataType: text('data_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** Set once "processed" (the stand-in processes on the first status read after a moment). */
    activityId: integer('activity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Not unique: a second upload with the same external id is kept, and its status says it is
  // a duplicate of the first one's activity, as Strava's does.
  (t) => [index('strava_standin_uploads_external_idx').on(t.athleteId, t.externalId, t.id)],
);
