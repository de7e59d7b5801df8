import { useCallback } from 'react';
import { userSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';

/** GET /api/v1/users/{id}: replaces the stored user with the server's copy (as at app start). */
export function useRefreshUser() {
  const updateUser = useUserStore((s) => s.updateUser);
  return useCallback(
    async (userId: string) => {
      const { data } = await apiRequest(`/users/${userId}`, { schema: userSchema });
      updateUser(data);
    },
    [updateUser],
  );
}
