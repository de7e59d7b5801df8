// The billing module owns these tables (applied webhook events, desktop portal returns).
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Webhook events already applied, by the provider's event id: a replay changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A billing portal opened from the desktop app (docs/desktop-accounts.md): the
 * portal's return address names `return_key`'s secret, and the app asks by the SHA-256 of the
 * portal address it was handed (`portal_key`) whether the member came back.
 */
export const desktopPortalReturns = pgTable(
  'desktop_portal_returns',
  {
    portalKey: text('portal_key').primaryKey(),
    returnKey: text('return_key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [index('desktop_portal_returns_created_idx').on(t.createdAt)],
);
