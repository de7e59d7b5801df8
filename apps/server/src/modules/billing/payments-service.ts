import { canBuy, portalTarget, type CheckoutType } from '@ridealong/contracts';
import type { UserRow } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { PaymentProvider } from './payment-provider.js';
import { planFieldsOf } from './plan-fields.js';

export const PAYMENT_MESSAGES = {
  notYours: 'You can only buy a plan for your own account.',
  cannotBuy:
    'Your account already has a plan or complimentary access. Manage it from your profile.',
  portalNotYours: 'You can only open your own billing.',
  noPortal:
    'Billing is for members with a Core plan or a cancelled plan that is still running; complimentary plans have no billing.',
  checkoutEnded: 'This checkout has ended.',
} as const;

/**
 * The buy flow and the membership portal rule of document 000 section 4, checked on the
 * server with the same contracts rules the web app uses to show the buttons.
 */
export function paymentsService(deps: { provider: PaymentProvider; publicUrl: string }) {
  const { provider, publicUrl } = deps;
  return {
    setup: () => provider.setup(),

    async createCheckout(me: UserRow, body: { user_id: number; type: CheckoutType }) {
      if (body.user_id !== me.id) throw forbidden(PAYMENT_MESSAGES.notYours);
      if (!canBuy(planFieldsOf(me))) throw conflict(PAYMENT_MESSAGES.cannotBuy);
      // The web app and the desktop app (electronMode) come back to the same pages.
      return provider.createCheckoutSession(me, body.type, {
        successUrl: `${publicUrl}/payment-sucess`,
        cancelUrl: `${publicUrl}/pricing`,
      });
    },

    async checkoutUrl(sessionId: string): Promise<string> {
      const url = await provider.checkoutUrl(sessionId);
      if (!url) throw notFound(PAYMENT_MESSAGES.checkoutEnded);
      return url;
    },

    async customerPortal(me: UserRow, userId: number): Promise<string> {
      if (userId !== me.id) throw forbidden(PAYMENT_MESSAGES.portalNotYours);
      if (portalTarget(planFieldsOf(me)) !== 'portal') throw forbidden(PAYMENT_MESSAGES.noPortal);
      return provider.customerPortal(me, `${publicUrl}/portal-redirect`);
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
