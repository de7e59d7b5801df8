import { useMutation } from '@tanstack/react-query';
import { okSchema, type UpdatePasswordRequest } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** POST /api/v1/update-password with the code from the reset link. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: async (body: UpdatePasswordRequest) =>
      (await apiRequest('/update-password', { method: 'POST', body, schema: okSchema })).data,
  });
}
