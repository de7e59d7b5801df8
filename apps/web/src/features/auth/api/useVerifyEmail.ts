import { useMutation } from '@tanstack/react-query';
import { okSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** POST /api/v1/verify-email with the code from the emailed link (single use). */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: async (code: string) =>
      (await apiRequest('/verify-email', { method: 'POST', body: { code }, schema: okSchema }))
        .data,
  });
}
