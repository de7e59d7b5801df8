import { z } from 'zod';
import { bodyIdSchema, idSchema } from './common.js';
import { raceIdParamsSchema } from './race.js';

/**
 * The video owner's tools (document 001 sections 3, 4, 7 and 9): voiceover layers ("audio
 * overlay layers"), the two audio switches and GPX gradients. The overlay paths and
 * `race/handle-mutes` are v1; the layer upload and the GPX routes are ours.
 */

// ---- Voiceovers ---------------------------------------------------------------------------

/** SAVED: on the server. UNSAVED: recorded in the page, not yet sent (never stored). */
export const OVERLAY_LAYER_TYPES = ['SAVED', 'UNSAVED'] as const;
export type OverlayLayerType = (typeof OVERLAY_LAYER_TYPES)[number];

/** Ours: a SAVED layer is processed by a job before it can be played. */
export const OVERLAY_LAYER_STATES = ['processing', 'ready', 'failed'] as const;
export type OverlayLayerState = (typeof OVERLAY_LAYER_STATES)[number];

/** Section 9: a layer auto-plays this far inside each end of its range. */
export const LAYER_AUTOPLAY_INSET_S = 0.3;
/** Section 4: a restart resumes from 0 once the layer is past this fraction. */
export const LAYER_RESTART_FRACTION = 0.95;
/** Section 9: the waveform is drawn this high (px), 128 samples per pixel. */
export const WAVEFORM_HEIGHT_PX = 70;
export const WAVEFORM_SAMPLES_PER_PIXEL = 128;
/** A recording longer than this is refused (the bench measures peaks for one hour). */
export const MAX_LAYER_SECONDS = 3600;
/** An upload larger than this is refused before it is read to the end. */
export const MAX_LAYER_BYTES = 64 * 1024 * 1024;
/** Stopping a recording skips the video this far ahead (section 4). */
export const RECORDING_STOP_SKIP_S = 1;

/** The Audio overlay layer entity of document 001 section 3 (plus `status`, ours). */
export const overlayLayerSchema = z.object({
  id: z.number(),
  /** Signed URL of the streamable audio; '' until processed. */
  url: z.string(),
  owner_id: z.number(),
  race_id: z.number(),
  /** Seconds in the video where the layer starts and ends. */
  start_index: z.number(),
  end_index: z.number(),
  /** Seconds of audio. */
  duration: z.number(),
  /** When it was recorded (ISO 8601). */
  timestamp: z.string(),
  /** BBC audiowaveform version 2 JSON, as text; null until processed. */
  peaks_data: z.string().nullable(),
  type: z.enum(OVERLAY_LAYER_TYPES),
  status: z.enum(OVERLAY_LAYER_STATES),
});
export type OverlayLayer = z.infer<typeof overlayLayerSchema>;

export const overlayLayersSchema = z.array(overlayLayerSchema);

/** GET /api/v1/overlay/for-video/{raceId} */
export const overlayForVideoParamsSchema = z.object({ raceId: raceIdParamsSchema.shape.id });
/** GET /api/v1/overlay/video-owner/{raceId}/{userId} */
export const overlayVideoOwnerParamsSchema = z.object({
  raceId: raceIdParamsSchema.shape.id,
  userId: idSchema,
});
/** POST /api/v1/overlay/{layerId}/delete */
export const overlayLayerParamsSchema = z.object({ layerId: idSchema });

/**
 * POST /api/v1/overlay/upload/{raceId} (ours), multipart: a field `start_index` (seconds in
 * the video where the recording began) and one file `audio`. The server measures the
 * duration itself. Answers the new layer (status 'processing').
 */
export const overlayUploadParamsSchema = overlayForVideoParamsSchema;
export const overlayUploadFieldsSchema = z.object({
  start_index: z.coerce
    .number()
    .finite()
    .min(0)
    .max(24 * 3600),
  /** When the page recorded it (ISO 8601); the server's clock when absent. */
  timestamp: z.string().max(40).optional(),
});

/** POST /api/v1/race/handle-mutes: flips one switch, answers the updated race. */
export const MUTE_TARGETS = ['VIDEO', 'OVERLAY'] as const;
export const handleMutesBodySchema = z.object({
  /** The video's id (v1) or its url. */
  id: z.union([bodyIdSchema, z.string().min(1).max(200)]),
  to_change: z.enum(MUTE_TARGETS),
});
export type HandleMutesBody = z.infer<typeof handleMutesBodySchema>;

// ---- GPX gradients --------------------------------------------------------------------------

/** Section 4: the slope source of a profile built from the owner's GPX file. */
export const GPX_SLOPE_SOURCE_ID = 2;
/** A GPX file larger than this is refused before it is read to the end. */
export const MAX_GPX_BYTES = 50 * 1024 * 1024;
/** More track points than this is refused (over 50 hours at 1 Hz). */
export const MAX_GPX_POINTS = 200_000;
/** The preview holds at most this many points, however long the video. */
export const GPX_PREVIEW_MAX_POINTS = 400;

/**
 * Multipart fields of the two GPX routes, beside one file `gpx`: the offset in seconds
 * (section 5: free text, default 0; positive when the GPS started before the camera).
 */
export const gpxFieldsSchema = z.object({
  offset: z
    .string()
    .max(20)
    .optional()
    .transform((s, ctx) => {
      const text = (s ?? '').trim();
      const n = text === '' ? 0 : Number(text);
      if (!Number.isFinite(n) || Math.abs(n) > 86_400) {
        ctx.addIssue({ code: 'custom', message: 'The offset must be a number of seconds.' });
        return z.NEVER;
      }
      return n;
    }),
});

/** [video second, distance m, elevation m, slope %]. */
export const gpxPreviewPointSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/**
 * POST /api/v1/race/{id}/gpx/preview (ours): the profile the file and offset give, on the
 * video's clock, without saving anything.
 */
export const gpxPreviewSchema = z.object({
  offset_s: z.number(),
  duration_s: z.number(),
  /** The video seconds the GPX track covers (the rest repeats its first or last point). */
  covered_from_s: z.number(),
  covered_to_s: z.number(),
  distance_m: z.number(),
  climb_m: z.number(),
  points: z.array(gpxPreviewPointSchema).max(GPX_PREVIEW_MAX_POINTS),
});
export type GpxPreview = z.infer<typeof gpxPreviewSchema>;

/** POST /api/v1/race/{id}/gpx (ours) answers the updated race (slope_source_id 2). */
export const gpxParamsSchema = raceIdParamsSchema;
