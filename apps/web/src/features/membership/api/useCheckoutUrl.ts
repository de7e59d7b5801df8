import { useQuery } from '@tanstack/react-query';
import { checkoutUrlResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** GET /api/v1/payment/checkout-url/{sessionId}: where the checkout session is paid. */
export function useCheckoutUrl(sessionId: string | null) {
  return useQuery({
    queryKey: ['checkout-url', sessionId],
    queryFn: async () =>
      (
        await apiRequest(`/payment/checkout-url/${encodeURIComponent(sessionId ?? '')}`, {
          schema: checkoutUrlResponseSchema,
        })
      ).data,
    enabled: sessionId !== null && sessionId !== '',
    retry: false,
  });
}
