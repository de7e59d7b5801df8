import { useMutation } from '@tanstack/react-query';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { userUpdateResponseSchema, type TrainerSettings } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';

/** Slider moves within this time make one save. */
const SAVE_DEBOUNCE_MS = 600;

/**
 * Keeps the rider's slope settings on the profile (PUT /api/v1/user/{userId}/update), one
 * request per pause in slider moves. The local user is updated at once so the ride page and
 * the Bluetooth source use the new values before the save returns.
 */
export function useSaveTrainerSettings(): (settings: TrainerSettings) => void {
  const mutation = useMutation({
    mutationFn: async ({ userId, settings }: { userId: string; settings: TrainerSettings }) =>
      (
        await apiRequest(`/user/${userId}/update`, {
          method: 'PUT',
          body: { trainer_difficulty: settings.difficulty, trainer_downhill: settings.downhill },
          schema: userUpdateResponseSchema,
        })
      ).data,
    onSuccess: (data) => useUserStore.getState().updateUser(data.user),
    onError: () =>
      notifications.show({
        color: 'red',
        title: 'Settings not saved',
        message: 'Your trainer settings could not be saved to your profile. Please try again.',
      }),
  });
  const save = useDebouncedCallback(
    (userId: string, settings: TrainerSettings) => mutation.mutate({ userId, settings }),
    SAVE_DEBOUNCE_MS,
  );
  return (settings) => {
    const { userId } = useUserStore.getState().user;
    if (!userId) return; // a guest has no profile to keep them on
    useUserStore.getState().updateUser({
      trainer_difficulty: settings.difficulty,
      trainer_downhill: settings.downhill,
    });
    save(userId, settings);
  };
}
