import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api';
import { voiceoversKeys } from './queries';

/** POST /api/v1/overlay/{layerId}/delete: removes a saved layer; the lists are asked again. */
export function useDeleteLayer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (layerId: number) => {
      // Success is the 2xx itself; whatever body comes with it (or none) is not needed.
      await apiRequest(`/overlay/${layerId}/delete`, { method: 'POST', schema: z.unknown() });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: voiceoversKeys.all }),
  });
}
