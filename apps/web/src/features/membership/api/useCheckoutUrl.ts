import { useQuery } from '@tanstack/react-query';
import { checkoutUrlQuery } from './queries';

/** GET /api/v1/payment/checkout-url/{sessionId}: where the checkout session is paid. */
export function useCheckoutUrl(sessionId: string | null) {
  return useQuery(checkoutUrlQuery(sessionId));
}
