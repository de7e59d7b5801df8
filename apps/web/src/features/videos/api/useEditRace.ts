import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raceSchema, type Race, type RaceEdit } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { raceKey } from './useRace';

/**
 * POST /api/v1/race/edit. The page's race is updated at once (document 001 section 4, "Edit
 * forms"), put back if the server refuses, and replaced by the server's answer.
 */
export function useEditRace(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (edit: RaceEdit) =>
      (await apiRequest('/race/edit', { method: 'POST', body: edit, schema: raceSchema })).data,
    onMutate: async (edit) => {
      await client.cancelQueries({ queryKey: raceKey(url) });
      const before = client.getQueryData<Race | null>(raceKey(url));
      if (before) client.setQueryData<Race>(raceKey(url), { ...before, ...edit, url: before.url });
      return { before };
    },
    onError: (_e, _edit, context) => {
      if (context?.before) client.setQueryData(raceKey(url), context.before);
    },
    onSuccess: (race) => {
      client.setQueryData(raceKey(url), race);
      void client.invalidateQueries({ queryKey: ['races'] });
      void client.invalidateQueries({ queryKey: ['channel-info'] });
    },
  });
}
