import {
  canBuy,
  planOnSale,
  portalTarget,
  type CheckoutStatus,
  type CheckoutType,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { desktopReturnPath, type DesktopReturns } from './desktop-returns.js';
import type { PaymentProvider } from './payment-provider.js';
import { planFieldsOf } from './plan-fields.js';
import { planOf } from './prices.js';

export const PAYMENT_MESSAGES = {
  notYours: 'You can only buy a plan for your own account.',
  cannotBuy:
    'Your account already has a plan or complimentary access. Manage it from your profile.',
  portalNotYours: 'You can only open your own billing.',
  noPortal:
    'Billing is for members with a Core plan or a cancelled plan that is still running; complimentary plans have no billing.',
  notOnSale: 'The Pro plan is coming soon and cannot be bought yet. The Core plan is on sale.',
  checkoutEnded: 'This checkout has ended.',
  unknownCheckout: 'There is no such checkout.',
  unknownPortal: 'There is no such billing portal, or it was opened too long ago.',
} as const;

/**
 * The shared PLANS_ON_SALE rule, on the server too: the web hides Buy for a plan that is not on
 * sale, and no other client (a v1 desktop app, a script) gets a checkout for it either.
 */
export function refuseOffSale(type: CheckoutType): void {
  if (!planOnSale(planOf(type))) throw conflict(PAYMENT_MESSAGES.notOnSale);
}

/**
 * The buy flow and the membership portal rule of document 000 section 4, checked on the
 * server with the same contracts rules the web app uses to show the buttons.
 */
export function paymentsService(deps: {
  provider: PaymentProvider;
  publicUrl: string;
  desktopReturns: DesktopReturns;
}) {
  const { provider, publicUrl, desktopReturns } = deps;
  return {
    setup: () => provider.setup(),

    async createCheckout(me: UserRow, body: { user_id: number; type: CheckoutType }) {
      if (!can(me, 'account.buyPlan', { ownerId: body.user_id })) {
        throw forbidden(PAYMENT_MESSAGES.notYours);
      }
      refuseOffSale(body.type);
      if (!canBuy(planFieldsOf(me))) throw conflict(PAYMENT_MESSAGES.cannotBuy);
      // The web app and the desktop app (electronMode) come back to the same pages.
      return provider.createCheckoutSession(me, body.type, {
        successUrl: `${publicUrl}/payment-sucess`,
        cancelUrl: `${publicUrl}/pricing`,
      });
    },

    async checkoutUrl(sessionId: string): Promise<string> {
      const checkout = await provider.checkoutUrl(sessionId);
      if (!checkout) throw notFound(PAYMENT_MESSAGES.checkoutEnded);
      // A session opened before its plan went off sale is not handed on either.
      if (checkout.type) refuseOffSale(checkout.type);
      return checkout.url;
    },

    /** The desktop app watches a checkout it opened outside (the id is the key). */
    async checkoutStatus(sessionId: string): Promise<CheckoutStatus> {
      const status = await provider.checkoutStatus(sessionId);
      if (!status) throw notFound(PAYMENT_MESSAGES.unknownCheckout);
      return status;
    },

    async customerPortal(me: UserRow, userId: number, electronMode = false): Promise<string> {
      if (!can(me, 'account.openBilling', { ownerId: userId })) {
        throw forbidden(PAYMENT_MESSAGES.portalNotYours);
      }
      if (portalTarget(planFieldsOf(me)) !== 'portal') throw forbidden(PAYMENT_MESSAGES.noPortal);
      if (!electronMode) return provider.customerPortal(me, `${publicUrl}/portal-redirect`);
      // The desktop app opens the portal in the system browser: its return address records
      // the member's return, which the app asks about (docs/billing.md, 'The desktop app').
      const returnId = desktopReturns.newReturnId();
      const portalUrl = await provider.customerPortal(me, publicUrl + desktopReturnPath(returnId));
      await desktopReturns.record({ portalUrl, returnId, userId: me.id });
      return portalUrl;
    },

    async portalClosed(portalKey: string): Promise<boolean> {
      const closed = await desktopReturns.closed(portalKey);
      if (closed === null) throw notFound(PAYMENT_MESSAGES.unknownPortal);
      return closed;
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
