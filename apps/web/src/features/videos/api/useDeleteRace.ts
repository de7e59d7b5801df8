import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';

/** POST /api/v1/race/delete {id}; the lists that held the video are refreshed. */
export function useDeleteRace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest('/race/delete', { method: 'POST', body: { id }, schema: okSchema })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['races'] });
      void client.invalidateQueries({ queryKey: ['channel-info'] });
      void client.invalidateQueries({ queryKey: ['channels-index'] });
    },
  });
}
