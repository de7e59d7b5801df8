import { useQuery } from '@tanstack/react-query';
import { paymentSetupQuery } from './queries';

/** GET /api/v1/payment/setup: price ids and provider, asked on pricing load when signed in. */
export function usePaymentSetup(signedIn: boolean) {
  return useQuery(paymentSetupQuery(signedIn));
}
