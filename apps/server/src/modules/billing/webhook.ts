import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { billingEvents, users } from '../../db/schema.js';
import { applyAccountEvent } from './account-events.js';
import { mapProviderEvent, type MappedEvent } from './event-mapping.js';
import type { PaymentProvider } from './payment-provider.js';

export type WebhookOutcome =
  /** The account changed (or was already so). */
  | 'applied'
  /** This event id was handled before: nothing changes. */
  | 'replay'
  /** A type (or object) we do not act on. */
  | 'ignored'
  /** No user matches the event. */
  | 'no-user'
  /** The account rules refused it (another subscription, already subscribed). */
  | 'refused';

/** Verifies, then applies, a webhook request; `db` may be a caller's transaction. */
export type WebhookHandler = (
  rawBody: Buffer,
  signatureHeader: string | undefined,
  db?: Db,
) => Promise<WebhookOutcome>;

async function findUser(tx: Db, m: MappedEvent): Promise<number | null> {
  if (m.userId !== null) {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, m.userId));
    if (row) return row.id;
  }
  if (m.customerId === null) return null;
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.stripeCustomerId, m.customerId))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The one path from a provider's event to an account level. The event id goes into
 * billing_events in the same transaction as the account change, with ON CONFLICT DO NOTHING:
 * a replay (Stripe retries, a re-sent event, a concurrent delivery waiting on the first's row)
 * inserts nothing and changes nothing.
 */
export function webhookHandler(deps: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}): WebhookHandler {
  const { provider, log } = deps;
  return async (rawBody, signatureHeader, db = deps.db) => {
    const evt = provider.parseWebhook(rawBody, signatureHeader);
    const mapped = mapProviderEvent(evt, provider.setup());
    if (!mapped) return 'ignored';
    const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
      const userId = await findUser(tx, mapped);
      const fresh = await tx
        .insert(billingEvents)
        .values({ id: evt.id, provider: provider.name, type: evt.type, userId })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      if (fresh.length === 0) return 'replay';
      if (userId === null) return 'no-user';
      const result = await applyAccountEvent(tx, userId, mapped.event);
      if (!result.ok) return 'refused';
      if (mapped.storeCustomerId)
        await tx
          .update(users)
          .set({ stripeCustomerId: mapped.storeCustomerId })
          .where(eq(users.id, userId));
      return 'applied';
    });
    if (outcome === 'no-user' || outcome === 'refused')
      log.warn({ eventId: evt.id, type: evt.type, outcome }, 'payment event not applied');
    return outcome;
  };
}
