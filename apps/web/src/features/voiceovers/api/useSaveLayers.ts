import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OverlayLayer } from '@ridealong/contracts';
import type { UnsavedLayer } from '../lib/recording';
import { voiceoversKeys } from './queries';
import { uploadLayer } from './uploadLayer';

export type SaveOutcome = {
  saved: Array<{ key: string; layer: OverlayLayer }>;
  failed: Array<{ key: string; message: string }>;
};

/**
 * Save: sends the UNSAVED layers one after another (each its own upload, so one refused take,
 * an overlap say, leaves the others saved) and refreshes the lists once all have answered.
 */
export function useSaveLayers(raceUrl: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (layers: readonly UnsavedLayer[]): Promise<SaveOutcome> => {
      const outcome: SaveOutcome = { saved: [], failed: [] };
      for (const layer of layers) {
        try {
          outcome.saved.push({ key: layer.key, layer: await uploadLayer(raceUrl, layer) });
        } catch (error) {
          const message = error instanceof Error ? error.message : 'The upload failed.';
          outcome.failed.push({ key: layer.key, message });
        }
      }
      return outcome;
    },
    onSettled: () => client.invalidateQueries({ queryKey: voiceoversKeys.all }),
  });
}
