import { useQuery } from '@tanstack/react-query';
import { paymentSetupSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** GET /api/v1/payment/setup: price ids and provider, asked on pricing load when signed in. */
export function usePaymentSetup(signedIn: boolean) {
  return useQuery({
    queryKey: ['payment-setup'],
    queryFn: async () => (await apiRequest('/payment/setup', { schema: paymentSetupSchema })).data,
    enabled: signedIn,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
