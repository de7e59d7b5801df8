import { useMutation } from '@tanstack/react-query';
import { stravaUserResponseSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';

/** POST /api/v1/strava/disconnect: the server revokes the authorisation; its user replaces ours. */
export function useStravaDisconnect() {
  const updateUser = useUserStore((s) => s.updateUser);
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/strava/disconnect', { method: 'POST', schema: stravaUserResponseSchema }))
        .data,
    onSuccess: (data) => updateUser(data.user),
  });
}
