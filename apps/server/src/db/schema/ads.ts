// The ads module owns these tables (issue 27: house ads on the Free plan).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** House ads made by admins; a slot serves the active ones with an image within their dates. */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Where a click leads (adLinkSchema: absolute http(s)); re-checked at every redirect. */
    linkUrl: text('link_url').notNull(),
    slot: text('slot').notNull(),
    /** The stored, re-encoded image's public URL; null until one is uploaded. */
    imageKey: text('image_key'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: runs until stopped. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    weight: integer('weight').notNull(),
    active: boolean('active').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ads_dates_check', sql`${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`)],
);

/** Impressions and clicks per ad and UTC day (counts only, nobody's identity). */
export const adDailyCounts = pgTable(
  'ad_daily_counts',
  {
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] })],
);

/**
 * Who was counted today, as a salted hash only (the salt lives two days, then rows and salt are
 * deleted, so a hash can no longer be linked to a member or an address).
 */
export const adDailyViewers = pgTable(
  'ad_daily_viewers',
  {
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'impression' | 'click'>().notNull(),
    viewerHash: bytea('viewer_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.day, t.kind, t.viewerHash] }),
    // The sweep deletes by day.
    index('ad_daily_viewers_day_idx').on(t.day),
  ],
);

/** One random salt per UTC day for viewer hashes. */
export const adDailySalts = pgTable('ad_daily_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: bytea('salt').notNull(),
});

export type AdRow = typeof ads.$inferSelect;
