// The Strava stand-in owns these tables (its grants, tokens and received uploads).
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
