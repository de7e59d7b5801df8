import { userSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';

/** GET /api/v1/users/{id}: replaces the stored user with the server's copy (as UserRefresher does). */
export async function refreshUser(userId: string): Promise<void> {
  const { data } = await apiRequest(`/users/${userId}`, { schema: userSchema });
  useUserStore.getState().updateUser(data);
}
