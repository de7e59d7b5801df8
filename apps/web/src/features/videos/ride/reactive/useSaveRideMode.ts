import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { userUpdateResponseSchema, type RideMode } from '@ridealong/contracts';
import { apiRequest } from '../../../../lib/api';
import { useUserStore } from '../../../../stores/user';

/**
 * Remembers the member's ride mode on their profile (PUT /api/v1/user/{userId}/update). The
 * local user changes at once, so a Start pressed before the save returns rides the new choice.
 */
export function useSaveRideMode(): (mode: RideMode) => void {
  const mutation = useMutation({
    mutationFn: async ({ userId, mode }: { userId: string; mode: RideMode }) =>
      (
        await apiRequest(`/user/${userId}/update`, {
          method: 'PUT',
          body: { ride_mode: mode },
          schema: userUpdateResponseSchema,
        })
      ).data,
    onSuccess: (data) => useUserStore.getState().updateUser(data.user),
    onError: () =>
      notifications.show({
        color: 'red',
        title: 'Ride mode not saved',
        message: 'Your choice applies to this ride but could not be saved to your profile.',
      }),
  });
  return (mode) => {
    const { userId } = useUserStore.getState().user;
    if (!userId) return; // a guest has no profile (and no choice to make)
    useUserStore.getState().updateUser({ ride_mode: mode });
    mutation.mutate({ userId, mode });
  };
}
