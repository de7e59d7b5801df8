import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api';
import { challengesKeys } from '../../../lib/queries/keys';

const answerSchema = z.object({ status: z.string(), message: z.string().optional() });

/** POST /api/v1/challenge/set-featured/{id} (admins only): anything but success rejects. */
export function useSetFeatured() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const { data } = await apiRequest(`/challenge/set-featured/${id}`, {
        method: 'POST',
        schema: answerSchema,
      });
      if (data.status !== 'success')
        throw new Error(data.message ?? `The server said ${data.status}.`);
      return data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: challengesKeys.all }),
  });
}
