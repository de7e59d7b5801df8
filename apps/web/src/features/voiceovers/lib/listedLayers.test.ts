import { describe, expect, it } from 'vitest';
import { overlayLayerSchema, type OverlayLayer } from '@ridealong/contracts';
import { listLayers } from './listedLayers';
import type { UnsavedLayer } from './recording';

const saved = (id: number, start: number): OverlayLayer =>
  overlayLayerSchema.parse({
    id,
    url: '',
    owner_id: 7,
    race_id: 1,
    start_index: start,
    end_index: start + 2,
    duration: 2,
    timestamp: '2025-11-01T10:00:00.000Z',
    peaks_data: null,
    type: 'SAVED',
    status: 'ready',
  });

const unsaved = (key: string, start: number): UnsavedLayer => ({
  key,
  type: 'UNSAVED',
  blob: new Blob(['x']),
  start_index: start,
  end_index: start + 1,
  duration: 1,
  timestamp: '2025-11-01T10:00:00.000Z',
});

describe('listLayers', () => {
  it('merges saved and unsaved layers in video order with stable keys', () => {
    const rows = listLayers([saved(4, 30), saved(2, 5)], [unsaved('u1', 12), unsaved('u2', 5)]);
    expect(rows.map((r) => r.key)).toEqual(['saved-2', 'u2', 'u1', 'saved-4']);
    expect(rows.map((r) => r.kind)).toEqual(['saved', 'unsaved', 'unsaved', 'saved']);
  });

  it('is empty without layers', () => {
    expect(listLayers([], [])).toEqual([]);
  });
});
