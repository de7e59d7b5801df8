import type { OverlayLayer } from '@ridealong/contracts';
import type { UnsavedLayer } from './recording';

/** A row of the tab's list: a layer on the server, or a take still only in the page. */
export type ListedLayer =
  | { kind: 'saved'; key: string; layer: OverlayLayer }
  | { kind: 'unsaved'; key: string; layer: UnsavedLayer };

/** Both kinds in the order of the video's clock, saved first where two start together. */
export function listLayers(
  saved: readonly OverlayLayer[],
  unsaved: readonly UnsavedLayer[],
): ListedLayer[] {
  const rows: ListedLayer[] = [
    ...saved.map((layer) => ({ kind: 'saved' as const, key: `saved-${layer.id}`, layer })),
    ...unsaved.map((layer) => ({ kind: 'unsaved' as const, key: layer.key, layer })),
  ];
  return rows.sort((a, b) => a.layer.start_index - b.layer.start_index);
}
