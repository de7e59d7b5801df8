import { useMutation } from '@tanstack/react-query';
import { checkoutSessionResponseSchema, type CheckoutType } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

export type CheckoutRequest = {
  type: CheckoutType;
  user_id: number;
  email?: string;
  priceId?: string;
  electronMode: boolean;
};

/** POST /api/v1/payment/create-checkout-session: a session id and the URL to pay at. */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: async (body: CheckoutRequest) =>
      (
        await apiRequest('/payment/create-checkout-session', {
          method: 'POST',
          body,
          schema: checkoutSessionResponseSchema,
        })
      ).data,
  });
}
