import { useMutation, useQueryClient } from '@tanstack/react-query';
import { raceSchema, type Race } from '@ridealong/contracts';
import { channelsKeys, racesKeys } from '../../../lib/queries/keys';
import { postMultipart } from './postMultipart';
import { gpxForm, gpxPath, gradientsKeys } from './queries';

export type SaveGpx = {
  file: File;
  offsetSeconds: number;
  onProgress: (sentBytes: number, totalBytes: number) => void;
};

/**
 * POST /api/v1/race/{url}/gpx: rebuilds the video's slope profile from the file (the answer is
 * the updated race, slope_source_id 2). The video, its route summary (the Description tab's
 * profile) and the lists' slope badges are refreshed even if the tab was left meanwhile.
 */
export function useSaveGpx(race: Pick<Race, 'url'>) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: gradientsKeys.upload(race.url),
    mutationFn: ({ file, offsetSeconds, onProgress }: SaveGpx) =>
      postMultipart(gpxPath(race.url), gpxForm(file, offsetSeconds), raceSchema, { onProgress }),
    onSuccess: (updated) => {
      client.setQueryData(racesKeys.one(race.url), updated);
      void client.invalidateQueries({ queryKey: racesKeys.one(race.url) });
      void client.invalidateQueries({ queryKey: racesKeys.route(race.url) });
      void client.invalidateQueries({ queryKey: racesKeys.lists });
      void client.invalidateQueries({ queryKey: channelsKeys.info });
    },
  });
}
