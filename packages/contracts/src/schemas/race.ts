import { z } from 'zod';
import {
  idSchema,
  MAX_LIST_OFFSET,
  MAX_VIDEO_SECONDS,
  pgIntParam,
  videoSeconds,
} from './common.js';
import { VIDEOS_PAGE_SIZE } from '../constants.js';

/**
 * Videos ("races" in the API, document 001 sections 2-9) and the channels that hold them.
 * Field names follow the specification's entities; extras (status, progress, media) are ours.
 */

export const CHANNEL_PAGE_SIZE = 30;
export const CHANNEL_INDEX_BATCH = 100;
/** Previews (everyone) and web playback stop here (document 001 section 9). */
export const PREVIEW_SECONDS = 600;
/** Video titles on the upload form: at least this many characters (section 5). */
export const VIDEO_NAME_MIN_LENGTH = 3;
/** A signed media URL stays valid this long; the player asks again when it runs out. */
export const MEDIA_URL_TTL_SECONDS = 6 * 60 * 60;

export const VIDEO_STATES = ['uploading', 'uploaded', 'processing', 'ready', 'failed'] as const;
export const videoStateSchema = z.enum(VIDEO_STATES);
export type VideoState = z.infer<typeof videoStateSchema>;

export const DURATION_FILTERS = ['all', '-15', '15-30', '30-45', '45-60', '+60'] as const;
export const durationFilterSchema = z.enum(DURATION_FILTERS);
export type DurationFilter = z.infer<typeof durationFilterSchema>;

/** The bounds of a duration filter in seconds: [min, max) with null for open. */
export function durationFilterBounds(filter: DurationFilter): [number | null, number | null] {
  switch (filter) {
    case '-15':
      return [null, 15 * 60];
    case '15-30':
      return [15 * 60, 30 * 60];
    case '30-45':
      return [30 * 60, 45 * 60];
    case '45-60':
      return [45 * 60, 60 * 60];
    case '+60':
      return [60 * 60, null];
    default:
      return [null, null];
  }
}

export const raceOwnerSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  channel_title: z.string().nullable(),
  photo_url: z.string().nullable(),
});

export const REQUIRED_PLANS = ['core', 'pro'] as const;
export const requiredPlanSchema = z.enum(REQUIRED_PLANS);
export type RequiredPlan = z.infer<typeof requiredPlanSchema>;

/** The Race/video entity of document 001 section 3. */
export const raceSchema = z.object({
  id: z.number(),
  /** The identifier used in routes (/video/{url}). */
  url: z.string(),
  title: z.string(),
  description: z.string(),
  user_id: z.number(),
  user: raceOwnerSchema,
  channel_visible: z.boolean(),
  search_visible: z.boolean(),
  permalink: z.string(),
  slope_source_id: z.number(),
  gpx_upload_filename: z.string().nullable(),
  mute_video_audio: z.boolean(),
  mute_overlay_audio: z.boolean(),
  /** Seconds. */
  duration: z.number(),
  content_type: z.string(),
  metadata: z.object({
    slope_source_id: z.number(),
    mute_video_audio: z.boolean(),
    duration: z.number(),
  }),
  status: videoStateSchema,
  /** 0-100 while processing. */
  progress: z.number(),
  /** Why processing failed, for the owner; null otherwise. */
  failure_reason: z.string().nullable(),
  /** Signed poster image, null until processed. */
  thumbnail_url: z.string().nullable(),
  /** Pro-only content. */
  exclusive: z.boolean(),
  /** The month (YYYY-MM) the video is a free sampler, or null. */
  sampler_month: z.string().nullable(),
  created_at: z.string(),
  /**
   * The least plan that plays the whole video (ours, optional): 'pro' for exclusive videos,
   * 'core' for other community videos, null while it is this month's free sampler.
   */
  required_plan: requiredPlanSchema.nullable().optional(),
});
export type Race = z.infer<typeof raceSchema>;

export const raceIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** GET /api/v1/race/{id}: null when there is no such video (the page shows processing). */
export const raceResponseSchema = raceSchema.nullable();

const pageNumber = pgIntParam(1, 100_000);

export const racesQuerySchema = z.object({
  currentPage: pageNumber.default(1),
  pageSize: pgIntParam(1, 100).default(VIDEOS_PAGE_SIZE),
  term: z.string().trim().max(200).default(''),
  duration: durationFilterSchema.default('all'),
});
export type RacesQuery = z.infer<typeof racesQuerySchema>;

export const racesPageSchema = z.object({
  videos: z.array(raceSchema),
  total_count: z.number(),
  page_size: z.number(),
});
export type RacesPage = z.infer<typeof racesPageSchema>;
export const racesResponseSchema = z.object({ races: racesPageSchema });

export const raceEditSchema = z.object({
  url: z.string().min(1).max(200),
  title: z.string().trim().min(1, 'Required').max(200),
  description: z.string().max(5000).default(''),
  channel_visible: z.boolean(),
  search_visible: z.boolean(),
});
export type RaceEdit = z.infer<typeof raceEditSchema>;

export const raceDeleteSchema = z.object({ id: idSchema });
export const racesSubsetSchema = z.object({
  values: z.array(z.string().min(1).max(200)).max(100),
});
export const racesSubsetResponseSchema = z.object({ videos: z.array(raceSchema) });
export const changeDurationSchema = z.object({
  race_id: idSchema,
  new_duration: z.number().positive().max(MAX_VIDEO_SECONDS),
});

export const PLAYBACK_MODES = ['full', 'preview'] as const;
export const playbackQuerySchema = z.object({
  mode: z.enum(PLAYBACK_MODES).default('full'),
});
export const MEDIA_QUALITIES = ['hd', 'sd'] as const;
export type MediaQuality = (typeof MEDIA_QUALITIES)[number];

/** GET /api/v1/race/{id}/playback: signed, expiring stream URLs within the viewer's plan. */
export const playbackSchema = z.object({
  mode: z.enum(PLAYBACK_MODES),
  quality: z.enum(MEDIA_QUALITIES),
  hls_url: z.string(),
  dash_url: z.string(),
  poster_url: z.string(),
  /** The stream ends here (previews); null for the whole video. */
  max_seconds: z.number().nullable(),
  expires_at: z.string(),
});
export type Playback = z.infer<typeof playbackSchema>;

/** The multipart form of POST /api/v1/test-upload and the tus upload's metadata. */
export const uploadFormSchema = z.object({
  name: z.string().trim().min(VIDEO_NAME_MIN_LENGTH, 'Must be 3 characters or more').max(200),
  description: z.string().max(5000).default(''),
  search_visible: z.boolean().default(true),
  channel_visible: z.boolean().default(true),
  start_offset: videoSeconds.default(0),
  end_offset: videoSeconds.default(0),
});
export type UploadForm = z.infer<typeof uploadFormSchema>;

/** A video is joined from at most this many files. */
export const MAX_UPLOAD_FILES = 50;

/** POST /api/v1/uploads: a video waiting for `file_count` tus uploads, in join order. */
export const createUploadSchema = uploadFormSchema.extend({
  file_count: z.number().int().min(1).max(MAX_UPLOAD_FILES),
});
export const createUploadResponseSchema = z.object({ race: raceSchema });

/** GET /api/v1/race/{id}/status: the owner's view of processing. */
export const raceStatusSchema = z.object({
  status: videoStateSchema,
  progress: z.number(),
  failure_reason: z.string().nullable(),
});

export const channelInfoQuerySchema = z.object({
  currentPage: pageNumber.default(1),
  pageSize: pgIntParam(1, 100).default(CHANNEL_PAGE_SIZE),
  user_id: idSchema,
  myChannel: z.enum(['TRUE', 'FALSE']).optional(),
  publicChannel: z.enum(['TRUE', 'FALSE']).optional(),
});
export const channelInfoResponseSchema = z.object({
  races: racesPageSchema,
  user: z.object({
    id: z.number(),
    display_name: z.string(),
    photo_url: z.string().nullable(),
    channel_title: z.string().nullable(),
    channel_description: z.string().nullable(),
    channel_image: z.string().nullable(),
  }),
});
export type ChannelInfo = z.infer<typeof channelInfoResponseSchema>;

export const channelsIndexQuerySchema = z.object({
  start: pgIntParam(0, MAX_LIST_OFFSET).default(0),
  end: pgIntParam(1, MAX_LIST_OFFSET).default(CHANNEL_INDEX_BATCH),
});
export const channelRowSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  photo_url: z.string().nullable(),
  channel_title: z.string().nullable(),
  channel_description: z.string().nullable(),
  channel_image: z.string().nullable(),
  /** How many videos the channel shows (races holds only the newest few). */
  video_count: z.number(),
  races: z.array(raceSchema),
});
export type ChannelRow = z.infer<typeof channelRowSchema>;
export const channelsIndexResponseSchema = z.object({
  count: z.array(z.object({ count: z.number() })),
  rows: z.array(channelRowSchema),
});

export const channelEditSchema = z.object({
  channel_title: z.string().trim().min(1, 'Required').max(100),
  channel_description: z.string().max(2000).default(''),
});
