// The users module owns this table (accounts, billing and admins also update its columns).
import {
  boolean,
  check,
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
    /** How this member's solo rides play the video, their last choice (contracts RIDE_MODES). */
    rideMode: text('ride_mode', { enum: ['steady', 'reactive'] })
      .notNull()
      .default('reactive'),
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
    check('users_ride_mode_check', sql`${t.rideMode} in ('steady', 'reactive')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
