import {
  AUTH_TOKEN_HEADER,
  failureSchema,
  overlayLayerSchema,
  type OverlayLayer,
} from '@ridealong/contracts';
import { ApiError } from '../../../lib/api';
import { useUserStore } from '../../../stores/user';
import type { UnsavedLayer } from '../lib/recording';

/** The file name the recording is sent under; the server judges the audio by its content. */
const fileNameFor = (type: string) => (type.includes('ogg') ? 'voiceover.ogg' : 'voiceover.webm');

/**
 * POST /api/v1/overlay/upload/{raceUrl}: one UNSAVED layer as multipart (start_index, its
 * timestamp and the file `audio`). apiRequest speaks JSON only, so this builds its own form
 * request with the session token. Answers the saved layer, still processing.
 */
export async function uploadLayer(raceUrl: string, layer: UnsavedLayer): Promise<OverlayLayer> {
  const body = new FormData();
  body.append('start_index', String(layer.start_index));
  body.append('timestamp', layer.timestamp);
  body.append('audio', layer.blob, fileNameFor(layer.blob.type));
  const token = useUserStore.getState().user.token;
  const res = await fetch(`/api/v1/overlay/upload/${encodeURIComponent(raceUrl)}`, {
    method: 'POST',
    headers: token ? { [AUTH_TOKEN_HEADER]: token, accept: 'application/json' } : {},
    body,
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401 && token) useUserStore.getState().logout();
    const failure = failureSchema.safeParse(json);
    throw new ApiError(res.status, failure.success ? failure.data.message : res.statusText, json);
  }
  return overlayLayerSchema.parse(json);
}
