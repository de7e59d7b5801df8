import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { channelsKeys, racesKeys } from '../../../lib/queries/keys';

/** POST /api/v1/race/delete {id}; the lists that held the video are refreshed. */
export function useDeleteRace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest('/race/delete', { method: 'POST', body: { id }, schema: okSchema })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: racesKeys.lists });
      void client.invalidateQueries({ queryKey: channelsKeys.info });
      void client.invalidateQueries({ queryKey: channelsKeys.index });
    },
  });
}
