import { useMutation } from '@tanstack/react-query';
import { userUpdateResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';

/** PUT /api/v1/user/{userId}/update with the acceptance; the local user takes the answer. */
export function useAcceptTerms() {
  const userId = useUserStore((s) => s.user.userId);
  const updateUser = useUserStore((s) => s.updateUser);
  const confirmAgreement = useGeneralStore((s) => s.confirmAgreement);
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest(`/user/${userId}/update`, {
          method: 'PUT',
          body: { accepted_terms_and_conditions: true },
          schema: userUpdateResponseSchema,
        })
      ).data,
    onSuccess: (data) => {
      updateUser(data.user);
      confirmAgreement();
    },
  });
}
