// The race-route module owns this table (a video's route summary).
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { RouteSummary } from '@ridealong/contracts';
import { races } from './races.js';

/**
 * A summary as stored: rows written before `profile_t` existed lack it (race-route's reader
 * makes it again from the slope profile and keeps it).
 */
export type StoredRouteSummary = Omit<RouteSummary, 'profile_t'> &
  Partial<Pick<RouteSummary, 'profile_t'>>;

/**
 * A video's route facts and downsampled elevation profile (RouteSummary of the contracts),
 * computed once from its slope profile when that is written, so pages never read every second.
 */
export const raceRoutes = pgTable('race_routes', {
  raceId: integer('race_id')
    .primaryKey()
    .references(() => races.id, { onDelete: 'cascade' }),
  summary: jsonb('summary').$type<StoredRouteSummary>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
