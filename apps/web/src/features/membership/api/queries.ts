import { queryOptions } from '@tanstack/react-query';
import { checkoutUrlResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { refreshUser } from '../../../lib/refreshUser';

/** Query keys of this feature. */
export const membershipKeys = {
  checkoutUrl: (sessionId: string | null) => ['checkout-url', sessionId] as const,
  refreshedUser: (userId: string) => ['membership-refresh', userId] as const,
};

/** GET /api/v1/payment/checkout-url/{sessionId}: where the checkout session is paid. */
export const checkoutUrlQuery = (sessionId: string | null) =>
  queryOptions({
    queryKey: membershipKeys.checkoutUrl(sessionId),
    queryFn: async () =>
      (
        await apiRequest(`/payment/checkout-url/${encodeURIComponent(sessionId ?? '')}`, {
          schema: checkoutUrlResponseSchema,
        })
      ).data,
    enabled: sessionId !== null && sessionId !== '',
    retry: false,
  });

/**
 * GET /api/v1/users/{id} after a purchase or a portal visit: the plan changed on the server,
 * so the stored user is replaced with its copy (as UserRefresher does at app start).
 */
export const refreshedUserQuery = (userId: string) =>
  queryOptions({
    queryKey: membershipKeys.refreshedUser(userId),
    queryFn: () => refreshUser(userId),
    enabled: userId !== '',
    // Every visit must ask again: the webhook may have changed the plan a moment ago.
    gcTime: 0,
    staleTime: 0,
    retry: 1,
  });
