import { useMutation } from '@tanstack/react-query';
import { okSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** POST /api/v1/resend-verification: a new verification link for an account not yet verified. */
export function useResendVerification() {
  return useMutation({
    mutationFn: async (email: string) =>
      (
        await apiRequest('/resend-verification', {
          method: 'POST',
          body: { email },
          schema: okSchema,
        })
      ).data,
  });
}
