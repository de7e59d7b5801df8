// The races module owns this table (video rows: uploads creates them, videos sets their status).
import {
  boolean,
  customType,
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
import { VIDEO_STATES } from '@ridealong/contracts';
import { users } from './users.js';

export const videoState = pgEnum('video_state', VIDEO_STATES);

/** Full-text search vector, kept by the races repository (title, description, channel title). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The Race/video entity of document 001 section 3. */
export const races = pgTable(
  'races',
  {
    id: serial('id').primaryKey(),
    /** The identifier in routes; random for uploads, fixed for 'demo-video'. */
    url: text('url').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelVisible: boolean('channel_visible').notNull().default(true),
    searchVisible: boolean('search_visible').notNull().default(true),
    slopeSourceId: integer('slope_source_id').notNull().default(0),
    gpxUploadFilename: text('gpx_upload_filename'),
    muteVideoAudio: boolean('mute_video_audio').notNull().default(false),
    muteOverlayAudio: boolean('mute_overlay_audio').notNull().default(false),
    /** Seconds, 0 until processed. */
    duration: doublePrecision('duration').notNull().default(0),
    contentType: text('content_type').notNull().default('video/mp4'),
    status: videoState('status').notNull().default('uploading'),
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    startOffset: doublePrecision('start_offset').notNull().default(0),
    endOffset: doublePrecision('end_offset').notNull().default(0),
    /** Storage folder of the packaged stream (manifests, segments, thumbs, poster). */
    mediaKey: text('media_key'),
    /** Rendition names by DASH/HLS stream index, best first, e.g. ['hd', 'sd']. */
    renditions: text('renditions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    posterFile: text('poster_file'),
    exclusive: boolean('exclusive').notNull().default(false),
    samplerMonth: text('sampler_month'),
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('races_url_idx').on(t.url),
    index('races_user_idx').on(t.userId, t.createdAt),
    // The public listing (newest first) reads only this slice: ready, searchable, not the demo.
    index('races_listed_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'ready' and ${t.searchVisible} and ${t.url} <> 'demo-video'`),
    index('races_duration_idx').on(t.duration),
    index('races_search_idx').using('gin', t.searchVector),
  ],
);

export type RaceRow = typeof races.$inferSelect;
export type NewRaceRow = typeof races.$inferInsert;
