import { queryOptions } from '@tanstack/react-query';
import { overlayLayersSchema, type OverlayLayer } from '@ridealong/contracts';
import { apiRequest } from '../../../lib/api';
import { outageRetry } from '../../../lib/queryRetry';

/** The owner's list is asked for this often while a saved layer is still being processed. */
export const LAYER_PROCESSING_POLL_MS = 3000;

const OVERLAY = ['overlay'] as const;

/** Query keys of this feature; saving, deleting and the mute switches refresh them all. */
export const voiceoversKeys = {
  all: OVERLAY,
  forVideo: (raceUrl: string) => [...OVERLAY, 'for-video', raceUrl] as const,
  videoOwner: (raceUrl: string, userId: number) =>
    [...OVERLAY, 'video-owner', raceUrl, userId] as const,
};

const processing = (layers: readonly OverlayLayer[] | undefined) =>
  layers?.some((l) => l.status === 'processing') ?? false;

/**
 * GET /api/v1/overlay/for-video/{raceUrl}: the video's playable (ready) layers; empty for
 * everyone but the owner when the owner muted voiceovers (the server decides).
 */
export const layersForVideoQuery = (raceUrl: string) =>
  queryOptions({
    queryKey: voiceoversKeys.forVideo(raceUrl),
    queryFn: async () =>
      (
        await apiRequest(`/overlay/for-video/${encodeURIComponent(raceUrl)}`, {
          schema: overlayLayersSchema,
        })
      ).data,
    enabled: raceUrl !== '',
    ...outageRetry,
  });

/**
 * GET /api/v1/overlay/video-owner/{raceUrl}/{userId}: every layer of the owner's video, those
 * still processing or failed included; asked again every 3 s while one is processing.
 */
export const ownerLayersQuery = (raceUrl: string, ownerId: number) =>
  queryOptions({
    queryKey: voiceoversKeys.videoOwner(raceUrl, ownerId),
    queryFn: async () =>
      (
        await apiRequest(
          `/overlay/video-owner/${encodeURIComponent(raceUrl)}/${encodeURIComponent(ownerId)}`,
          { schema: overlayLayersSchema },
        )
      ).data,
    enabled: raceUrl !== '',
    refetchInterval: (q) => (processing(q.state.data) ? LAYER_PROCESSING_POLL_MS : false),
    ...outageRetry,
  });
