import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { CouponCreate } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

// The page only needs to know it worked; the created coupon is not shown back.
const couponCreatedSchema = z.object({ status: z.literal('success') });

/** POST /api/v1/coupon/create (admins only; the server checks too). */
export function useCreateCoupon() {
  return useMutation({
    mutationFn: async (body: CouponCreate) =>
      (await apiRequest('/coupon/create', { method: 'POST', body, schema: couponCreatedSchema }))
        .data,
  });
}
