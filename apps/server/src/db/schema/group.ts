// The group module owns this table (who is in which group event).
import { index, integer, pgTable, primaryKey, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';
import { groupEvents } from './events.js';

/**
 * Who is in which event. A row with left_at null is a rider in the event: the partial unique
 * index keeps a member in at most one event at a time.
 */
export const eventRiders = pgTable(
  'event_riders',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => groupEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    uniqueIndex('event_riders_one_event_idx')
      .on(t.userId)
      .where(sql`${t.leftAt} is null`),
    index('event_riders_event_idx')
      .on(t.eventId)
      .where(sql`${t.leftAt} is null`),
  ],
);
