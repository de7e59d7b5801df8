import { MEDIA_URL_TTL_SECONDS, type OverlayLayer } from '@ridealong/contracts';
import type { OverlayLayerRow } from '../../db/schema.js';
import type { MediaSigner } from '../../lib/media-signing.js';
import { LAYER_FILES } from './rules.js';

/**
 * Layer row -> the Audio overlay layer of document 001 section 3. A ready layer's `url` is a
 * signed media link (modules/media serves it, byte ranges included) that opens its audio file
 * and nothing else; only callers that decided the viewer may hear it present a layer.
 */
export function layerPresenter(signer: MediaSigner, publicUrl: string) {
  return (row: OverlayLayerRow): OverlayLayer => ({
    id: row.id,
    url:
      row.status === 'ready'
        ? publicUrl +
          signer.url(
            {
              use: 'voiceover',
              raceId: row.raceId,
              mediaKey: row.audioKey,
              quality: 'sd',
              maxSeconds: null,
              expiresAt: signer.expiry(MEDIA_URL_TTL_SECONDS),
            },
            LAYER_FILES.audio,
          )
        : '',
    owner_id: row.ownerId,
    race_id: row.raceId,
    start_index: row.startIndex,
    end_index: row.endIndex,
    duration: row.duration,
    timestamp: row.recordedAt.toISOString(),
    peaks_data: row.peaksData,
    type: 'SAVED',
    status: row.status,
  });
}

export type PresentLayer = ReturnType<typeof layerPresenter>;
