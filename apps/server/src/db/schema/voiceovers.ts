// The voiceovers module owns this table (a video owner's recorded audio over the video).
import {
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { OVERLAY_LAYER_STATES } from '@ridealong/contracts';
import { races } from './races.js';
import { users } from './users.js';

export const overlayLayerState = pgEnum('overlay_layer_state', OVERLAY_LAYER_STATES);

/**
 * The Audio overlay layer of document 001 section 3 (a voiceover): seconds [start_index,
 * end_index) of its video. `audio_key` is its storage folder, holding the upload until the
 * `voiceover.process` job has turned it into the streamable file and the peaks.
 */
export const overlayLayers = pgTable(
  'overlay_layers',
  {
    id: serial('id').primaryKey(),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    /** The video's owner (an admin's upload is still the owner's layer). */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startIndex: doublePrecision('start_index').notNull(),
    endIndex: doublePrecision('end_index').notNull(),
    /** Seconds of audio, measured by the server. */
    duration: doublePrecision('duration').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** BBC audiowaveform version 2 JSON; null until processed. */
    peaksData: text('peaks_data'),
    status: overlayLayerState('status').notNull().default('processing'),
    audioKey: text('audio_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('overlay_layers_race_idx').on(t.raceId, t.startIndex)],
);

export type OverlayLayerRow = typeof overlayLayers.$inferSelect;
export type NewOverlayLayerRow = typeof overlayLayers.$inferInsert;
