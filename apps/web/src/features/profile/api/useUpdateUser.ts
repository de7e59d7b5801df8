import { useMutation } from '@tanstack/react-query';
import { userUpdateResponseSchema, type UserUpdate } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';

/** PUT /api/v1/user/{userId}/update; on success the local user is updated. */
export function useUpdateUser() {
  const user = useUserStore((s) => s.user);
  const updateUser = useUserStore((s) => s.updateUser);
  return useMutation({
    mutationFn: async (fields: UserUpdate) =>
      (
        await apiRequest(`/user/${user.userId}/update`, {
          method: 'PUT',
          body: fields,
          schema: userUpdateResponseSchema,
        })
      ).data,
    onSuccess: (data) => updateUser(data.user),
  });
}
