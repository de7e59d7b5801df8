import { useMutation } from '@tanstack/react-query';
import { okSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** POST /api/v1/initiate-password-recovery: the same answer whether or not the account exists. */
export function usePasswordRecovery() {
  return useMutation({
    mutationFn: async (email: string) =>
      (
        await apiRequest('/initiate-password-recovery', {
          method: 'POST',
          body: { email },
          schema: okSchema,
        })
      ).data,
  });
}
