import { eq } from 'drizzle-orm';
import { canBuy } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { newSecret } from '../../lib/secrets.js';
import { refuseOffSale } from '../../modules/billing/index.js';
import { planFieldsOf } from '../../modules/billing/index.js';
import { addInterval, intervalOf } from '../../modules/billing/index.js';
import type { WebhookHandler } from '../../modules/billing/index.js';
import { checkoutCompleted, invoiceEvent, signEvent, subscriptionEvent } from './local-events.js';
import type { LocalStore, LocalSubscription } from './local-store.js';

export const PORTAL_ACTIONS = ['cancel', 'restore', 'fail-payment', 'pay', 'end-now'] as const;
export type PortalAction = (typeof PORTAL_ACTIONS)[number];

/** Whole seconds: events carry Unix seconds, and the local records must agree with them. */
const nowInSeconds = () => new Date(Math.floor(Date.now() / 1000) * 1000);

/**
 * What the local provider's pages do. Each action changes the local records and delivers the
 * Stripe-shaped events a real provider would send, signed, to the same webhook handler, all in
 * one transaction: an event the webhook path does not apply undoes the action.
 */
export function localActions(deps: {
  db: Db;
  store: LocalStore;
  webhookSecret: string;
  deliverWebhook: WebhookHandler;
}) {
  const { db, store } = deps;

  async function deliver(tx: Db, event: object): Promise<void> {
    const { rawBody, signature } = signEvent(event, deps.webhookSecret);
    const outcome = await deps.deliverWebhook(rawBody, signature, tx);
    if (outcome !== 'applied')
      throw conflict(`The test payment event was not applied to the account (${outcome}).`);
  }

  return {
    /** An open checkout session and the email of its member, for the checkout page. */
    async checkoutView(sessionId: string) {
      const session = await store.openSession(sessionId);
      if (!session) return null;
      const [user] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, session.userId));
      return user ? { session, email: user.email } : null;
    },

    /** Pay: a subscription for the session's plan, then checkout.session.completed. */
    async pay(sessionId: string): Promise<{ redirect: string }> {
      return db.transaction(async (tx) => {
        const open = await store.openSession(sessionId, tx);
        if (!open) throw notFound('This checkout has ended.');
        // A session opened before its plan went off sale does not sell it.
        refuseOffSale(open.type);
        const [user] = await tx.select().from(users).where(eq(users.id, open.userId)).for('update');
        if (!user) throw notFound('User does not exist.');
        if (!canBuy(planFieldsOf(user)))
          throw conflict('This account already has a plan: manage it from your profile.');
        const session = await store.closeSession(sessionId, 'complete', tx);
        if (!session) throw notFound('This checkout has ended.');
        const now = nowInSeconds();
        const customerId = user.stripeCustomerId?.startsWith('cus_local_')
          ? user.stripeCustomerId
          : `cus_local_${newSecret()}`;
        const sub = await store.createSubscription(
          {
            id: `sub_local_${newSecret()}`,
            userId: user.id,
            customerId,
            type: session.type,
            status: 'active',
            cancelAtPeriodEnd: false,
            currentPeriodEnd: addInterval(now, intervalOf(session.type)),
          },
          tx,
        );
        await deliver(tx, checkoutCompleted(session, sub, now));
        return { redirect: session.successUrl };
      });
    },

    /** Cancel on the checkout page: the session expires, nothing is bought. */
    async cancelCheckout(sessionId: string): Promise<{ redirect: string }> {
      const session = await store.closeSession(sessionId, 'expired');
      if (!session) throw notFound('This checkout has ended.');
      return { redirect: session.cancelUrl };
    },

    currentSubscription: (userId: number) => store.currentSubscription(userId),

    /** One button of the portal page, on the member's current subscription. */
    async portal(userId: number, action: PortalAction): Promise<void> {
      await db.transaction(async (tx) => {
        const sub = await store.currentSubscription(userId, tx);
        if (!sub) throw notFound('There is no subscription with the test provider.');
        const now = nowInSeconds();
        const update = (set: Parameters<LocalStore['updateSubscription']>[1]) =>
          store.updateSubscription(sub.id, set, tx);
        const updated = (s: LocalSubscription) =>
          subscriptionEvent('customer.subscription.updated', s, now);
        switch (action) {
          case 'cancel':
            return deliver(tx, updated(await update({ cancelAtPeriodEnd: true })));
          case 'restore':
            return deliver(tx, updated(await update({ cancelAtPeriodEnd: false })));
          case 'fail-payment': {
            const failed = await update({ status: 'past_due' });
            await deliver(tx, invoiceEvent('invoice.payment_failed', failed, now, now));
            return deliver(tx, updated(failed));
          }
          case 'pay': {
            // The next period's invoice is paid: it starts where the current one ends.
            const start = sub.currentPeriodEnd;
            const paid = await update({
              status: 'active',
              currentPeriodEnd: addInterval(start, intervalOf(sub.type)),
            });
            await deliver(tx, invoiceEvent('invoice.paid', paid, start, now));
            return deliver(tx, updated(paid));
          }
          case 'end-now': {
            const ended = await update({ status: 'canceled', currentPeriodEnd: now });
            return deliver(tx, subscriptionEvent('customer.subscription.deleted', ended, now));
          }
        }
      });
    },
  };
}
export type LocalActions = ReturnType<typeof localActions>;
