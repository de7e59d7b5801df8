import { useMutation } from '@tanstack/react-query';
import { couponFailureSchema, couponGrantResponseSchema } from '@ridealong/contracts';
import { ApiError, apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';
import type { PromoOutcome } from '../lib/promo';
import { refreshUser } from '../../../lib/refreshUser';

/**
 * POST /api/v1/coupon/grant {user_id, code}. Both answers resolve to a PromoOutcome: a failure
 * body's `code` picks the message, anything else (network, 5xx) becomes the 'other' message.
 */
export function useGrantCoupon() {
  const userId = useUserStore((s) => s.user.userId);
  return useMutation({
    mutationFn: async (code: string): Promise<PromoOutcome> => {
      try {
        const { data } = await apiRequest('/coupon/grant', {
          method: 'POST',
          body: { user_id: Number(userId), code },
          schema: couponGrantResponseSchema,
        });
        // The grant changed level, complimentary_access and the period end: fetch them all.
        await refreshUser(userId).catch(() => undefined);
        return { ok: true, account_level: data.account_level };
      } catch (error) {
        const body = error instanceof ApiError ? couponFailureSchema.safeParse(error.body) : null;
        return { ok: false, code: body?.success ? body.data.code : null };
      }
    },
  });
}
