import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { refreshUser } from '../../../lib/refreshUser';
import { useUserStore } from '../../../stores/user';
import { activitiesKeys } from './queries';

/**
 * DELETE /api/v1/tracks/{id}. Afterwards the list and the stats are fetched again and the user
 * is re-fetched (document 001 section 4, 'Track upload'); the mutation stays pending until the
 * list has refreshed, so the card does not flash back.
 */
export function useDeleteTrack() {
  const client = useQueryClient();
  const userId = useUserStore((s) => s.user.userId);
  return useMutation({
    mutationFn: async (trackId: number) => {
      await apiRequest(`/tracks/${trackId}`, { method: 'DELETE', schema: okSchema });
    },
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: activitiesKeys.tracks(userId) }),
        client.invalidateQueries({ queryKey: activitiesKeys.stats(userId) }),
        // The delete went through; a failed user refresh only leaves the stored copy as it was.
        refreshUser(userId).catch(() => undefined),
      ]);
    },
  });
}
