import { useEffect } from 'react';
import { userSchema } from '@ridealong/contracts';
import { apiRequest } from '../lib/api';
import { useUserStore } from '../stores/user';

/** At app start a stored user id is replaced by the server's copy (document 000, section 7). */
export function UserRefresher() {
  const userId = useUserStore((s) => s.user.userId);
  const updateUser = useUserStore((s) => s.updateUser);
  useEffect(() => {
    if (!userId) return;
    apiRequest(`/users/${userId}`, { schema: userSchema })
      .then(({ data }) => updateUser(data))
      .catch(() => undefined); // a 401 already signs the user out inside apiRequest
    // Only at start and when a different user signs in.
  }, [userId, updateUser]);
  return null;
}
