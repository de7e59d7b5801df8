// The uploads module owns this table (upload source files; videos deletes them once verified).
import {
  doublePrecision,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { races } from './races.js';

/** The uploaded source files of a video, in join order; kept until the output is verified. */
export const raceFiles = pgTable(
  'race_files',
  {
    id: serial('id').primaryKey(),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    originalName: text('original_name').notNull(),
    /** Storage key of the uploaded file; null while the upload is under way. */
    storageKey: text('storage_key'),
    uploadId: text('upload_id'),
    size: doublePrecision('size').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('race_files_position_idx').on(t.raceId, t.position)],
);
export type RaceFileRow = typeof raceFiles.$inferSelect;
