// The events module owns this table (it creates group events; group moves their status).
import {
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
import { EVENT_END_REASONS, EVENT_STATUSES } from '@ridealong/contracts';
import { users } from './users.js';
import { races } from './races.js';

export const eventStatus = pgEnum('event_status', EVENT_STATUSES);
export const eventEndReason = pgEnum('event_end_reason', EVENT_END_REASONS);

/**
 * A group event (document 001 section 3): a group ride of one video that members join. Its
 * id is the /group room id. Times come from the server's clock only (docs/group.md).
 */
export const groupEvents = pgTable(
  'group_events',
  {
    id: serial('id').primaryKey(),
    hostUserId: integer('host_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raceId: integer('race_id').references(() => races.id, { onDelete: 'set null' }),
    /** Kept when the video is deleted, so a completed event still names it. */
    raceUrl: text('race_url').notNull(),
    title: text('title').notNull(),
    hostDisplayName: text('host_display_name').notNull(),
    status: eventStatus('status').notNull().default('waiting-room'),
    endReason: eventEndReason('end_reason'),
    /** When the host pressed Start; the countdown ends GROUP.countdownSeconds later. */
    timeStart: timestamp('time_start', { withTimezone: true }),
    /** Seconds of video the event rides, from the video (or the host's start-race). */
    duration: integer('duration'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // /events: the active list, and the completed pages newest first.
    index('group_events_active_idx')
      .on(t.status, t.createdAt.desc())
      .where(sql`${t.status} <> 'complete'`),
    // Only events that started: a waiting room left without starting is no completed ride.
    index('group_events_completed_started_idx')
      .on(t.completedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'complete' and ${t.timeStart} is not null`),
    // One open (not complete) event per host.
    uniqueIndex('group_events_open_host_idx')
      .on(t.hostUserId)
      .where(sql`${t.status} <> 'complete'`),
  ],
);
