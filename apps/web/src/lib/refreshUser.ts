import { userSchema, type User } from '@ridealong/contracts';
import { apiRequest } from './api';
import { useUserStore } from '../stores/user';

/**
 * GET /api/v1/users/{id}: replaces the stored user with the server's copy (document 000
 * section 7: at app start, and after uploads, purchases, rides and deletes). Resolves with the
 * copy, or null when nobody is signed in. A 401 already signs the user out inside apiRequest.
 */
export async function refreshUser(
  userId: string = useUserStore.getState().user.userId,
): Promise<User | null> {
  if (!userId) return null;
  const { data } = await apiRequest(`/users/${encodeURIComponent(userId)}`, {
    schema: userSchema,
  });
  useUserStore.getState().updateUser(data);
  return data;
}
