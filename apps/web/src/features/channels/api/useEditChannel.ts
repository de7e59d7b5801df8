import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userUpdateResponseSchema, type ChannelEdit } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';
import { channelsKeys } from './queries';

/** POST /api/v1/channel/edit: the owner's channel title and description. */
export function useEditChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (edit: ChannelEdit) =>
      (
        await apiRequest('/channel/edit', {
          method: 'POST',
          body: edit,
          schema: userUpdateResponseSchema,
        })
      ).data.user,
    onSuccess: (user) => {
      useUserStore.getState().updateUser(user);
      void client.invalidateQueries({ queryKey: channelsKeys.infoOf(user.id) });
      void client.invalidateQueries({ queryKey: channelsKeys.index });
    },
  });
}
