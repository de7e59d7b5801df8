import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raceSchema, type Race, type RaceEdit } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { channelsKeys, racesKeys } from '../../../lib/queries/keys';

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
      await client.cancelQueries({ queryKey: racesKeys.one(url) });
      const before = client.getQueryData<Race | null>(racesKeys.one(url));
      if (before)
        client.setQueryData<Race>(racesKeys.one(url), { ...before, ...edit, url: before.url });
      return { before };
    },
    onError: (_e, _edit, context) => {
      if (context?.before) client.setQueryData(racesKeys.one(url), context.before);
    },
    onSuccess: (race) => {
      client.setQueryData(racesKeys.one(url), race);
      void client.invalidateQueries({ queryKey: racesKeys.lists });
      void client.invalidateQueries({ queryKey: channelsKeys.info });
    },
  });
}
