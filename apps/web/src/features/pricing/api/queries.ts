import { queryOptions } from '@tanstack/react-query';
import { paymentSetupSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** Query keys of this feature. */
export const pricingKeys = {
  paymentSetup: ['payment-setup'] as const,
};

/** GET /api/v1/payment/setup: price ids and provider, asked on pricing load when signed in. */
export const paymentSetupQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: pricingKeys.paymentSetup,
    queryFn: async () => (await apiRequest('/payment/setup', { schema: paymentSetupSchema })).data,
    enabled: signedIn,
    staleTime: 5 * 60_000,
    retry: false,
  });
