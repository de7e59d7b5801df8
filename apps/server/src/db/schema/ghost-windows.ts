// The tracks module owns this table: a ranked reactive ride's points, packed for its ghosts.
import { integer, pgTable, primaryKey, real, smallint } from 'drizzle-orm/pg-core';
import { tracks } from './tracks.js';

/**
 * A ranked reactive ride's points in windows of GHOST_WINDOW_SECONDS ride seconds, written once
 * when it is saved (tracks/ghost-windows.ts). A ride's points lie scattered over track_points'
 * pages (every rider's seconds arrive interleaved), so reading a window from there costs a page
 * per point; here it is a row or two per ghost. Small arrays keep a row under TOAST's 2 KB.
 */
export const ghostWindows = pgTable(
  'ghost_windows',
  {
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    /** The ride second of the window's start / GHOST_WINDOW_SECONDS. */
    window: integer('window_index').notNull(),
    /** Each point's second within the window (0-119), ascending. */
    seconds: smallint('seconds').array().notNull(),
    /** Metres ridden at that second. */
    distance: real('distance').array().notNull(),
    /** Watts at that second (rounded). */
    power: smallint('power').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.window] })],
);
