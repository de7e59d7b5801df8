import { z } from 'zod';
import type { channelEditSchema } from './race.js';

/**
 * Extras of the video and channel calls (document 001 section 7) that the specification leaves
 * open: how many videos a channel row carries, the answer of change-duration, channel images.
 */

/** Videos per row of GET /users/channels/index (the newest first): enough for a channel card. */
export const CHANNEL_ROW_RACES = 4;

/** POST /races/change-duration/ answers with the stored duration (seconds). */
export const changeDurationResponseSchema = z.object({
  status: z.literal('success'),
  duration: z.number(),
});

/** POST /channel/image: one multipart file field, PNG, JPEG or WebP, at most 5 MB. */
export const CHANNEL_IMAGE_FIELD = 'image';
export const CHANNEL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CHANNEL_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type ChannelEdit = z.infer<typeof channelEditSchema>;
