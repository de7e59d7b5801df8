import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ACCOUNT_LEVELS } from '@ridealong/contracts';

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
    stravaAuthorizationCode: text('strava_authorization_code'),
    stravaRefreshToken: text('strava_refresh_token'),
    stravaAccessToken: text('strava_access_token'),
    stravaAccessTokenExpiresAt: integer('strava_access_token_expires_at'),
    accountLevel: accountLevel('account_level').notNull().default('trial'),
    previousAccountLevel: accountLevel('previous_account_level'),
    currentPeriodEndDate: timestamp('current_period_end_date', { withTimezone: true }),
    complimentaryAccess: boolean('complimentary_access').notNull().default(false),
    accountExpired: boolean('account_expired').notNull().default(false),
    stripeSubId: text('stripe_sub_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
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
