import { useMutation } from '@tanstack/react-query';
import { stravaUserResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';

export type StravaCode = { code: string; state: string; scope: string | undefined };

/**
 * POST /api/v1/auth/strava {code, user_id, state, scope}: the server exchanges the code (the
 * tokens stay there) and answers the updated user, which replaces the stored one.
 */
export function useStravaAuth() {
  const userId = useUserStore((s) => s.user.userId);
  const updateUser = useUserStore((s) => s.updateUser);
  return useMutation({
    mutationFn: async ({ code, state, scope }: StravaCode) =>
      (
        await apiRequest('/auth/strava', {
          method: 'POST',
          body: { code, user_id: Number(userId), state, scope },
          schema: stravaUserResponseSchema,
        })
      ).data,
    onSuccess: (data) => updateUser(data.user),
  });
}
