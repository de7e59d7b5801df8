import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raceSchema, type HandleMutesBody, type Race } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { racesKeys } from '../../../lib/queries/keys';
import { voiceoversKeys } from './queries';

/**
 * POST /api/v1/race/handle-mutes: flips one of the video's two audio switches for viewers.
 * The page's video takes the server's answer; the layer lists are asked again, since muting
 * voiceovers hides them from other viewers.
 */
export function useHandleMutes(raceUrl: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: HandleMutesBody) =>
      (await apiRequest('/race/handle-mutes', { method: 'POST', body, schema: raceSchema })).data,
    onSuccess: (race: Race) => {
      client.setQueryData(racesKeys.one(raceUrl), race);
      void client.invalidateQueries({ queryKey: voiceoversKeys.all });
    },
  });
}
