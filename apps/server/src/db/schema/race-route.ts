// The race-route module owns this table (a video's route summary).
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { RouteSummary } from '@ridealong/contracts';
import { races } from './races.js';

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
