// The strava module owns these tables (connections, uploads, the shared rate budget).
import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { tracks } from './tracks.js';

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
