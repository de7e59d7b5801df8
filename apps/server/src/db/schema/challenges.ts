// The challenges module owns these tables.
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { CHALLENGE_TYPES } from '@ridealong/contracts';
import { users } from './users.js';

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
