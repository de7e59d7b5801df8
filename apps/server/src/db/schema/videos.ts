// The videos module owns this table (the processing pipeline writes the slope profile).
import { doublePrecision, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { races } from './races.js';

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
