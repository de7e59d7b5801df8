import { useMutation } from '@tanstack/react-query';
import { customerPortalResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** POST /api/v1/payment/{userId}/customer-portal {electronMode}: the billing portal's URL. */
export function useCustomerPortal() {
  return useMutation({
    mutationFn: async ({ userId, electronMode }: { userId: string; electronMode: boolean }) =>
      (
        await apiRequest(`/payment/${encodeURIComponent(userId)}/customer-portal`, {
          method: 'POST',
          body: { electronMode },
          schema: customerPortalResponseSchema,
        })
      ).data,
  });
}
