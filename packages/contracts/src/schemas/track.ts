import { z } from 'zod';
import { idSchema, MAX_LIST_OFFSET, pgIntParam } from './common.js';
import { STRAVA_UPLOAD_STATES } from '../rules/strava.js';
import { rideModeSchema } from '../rules/ride-mode.js';

/** Activities (document 001: Track entity, 'Activities', section 7 calls). */
export const ACTIVITIES_PAGE_SIZE = 100;

/** The Track entity of document 001 section 3, with what an activity card shows. */
export const trackSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** The ridden video's url (/video/{url}). */
  url: z.string(),
  userId: z.number(),
  race_id: z.number().nullable(),
  /** When the ride started (ISO 8601). */
  timestamp: z.string(),
  /** Metres. */
  total_distance: z.number(),
  /** Seconds. */
  duration: z.number(),
  /** Watt-seconds: the sum of every recorded second's power. */
  accumulated_power: z.number(),
  /** Uploaded to Strava (the card is greyed). */
  uploaded: z.boolean(),
  /** Where the ride stands with Strava (docs/strava.md). */
  strava_upload: z.enum(STRAVA_UPLOAD_STATES),
  /** The Strava activity's page once uploaded (or found as a duplicate). */
  strava_activity_url: z.string().nullable(),
  /** Why the last upload failed, for the member. */
  strava_error: z.string().nullable(),
  /** The video's signed poster, or null (deleted or not ready). */
  thumbnail_url: z.string().nullable(),
  /**
   * Ours (issue 26), optional so an older server's answer still parses: how the video played
   * ('steady' when absent) and the trainer's difficulty (100 when absent). A ride at another
   * difficulty is saved but not ranked (countsForRanking).
   */
  ride_mode: rideModeSchema.optional(),
  difficulty: z.number().optional(),
});
export type Track = z.infer<typeof trackSchema>;

export const tracksIndexQuerySchema = z.object({
  user_id: idSchema,
  start: pgIntParam(0, MAX_LIST_OFFSET).default(0),
  end: pgIntParam(1, MAX_LIST_OFFSET).default(ACTIVITIES_PAGE_SIZE),
});
export const tracksIndexResponseSchema = z.object({
  count: z.number(),
  rows: z.array(trackSchema),
});
export type TracksIndex = z.infer<typeof tracksIndexResponseSchema>;

export const userDataQuerySchema = z.object({
  user_id: idSchema,
  /** IANA time zone for the week/month/year boundaries (default UTC). */
  tz: z.string().max(64).optional(),
});

/**
 * GET /api/v1/user/data. Units as the stats card shows them: minutes, rides, average watts
 * (accumulated power over ridden seconds) and miles. Weeks start on Monday.
 */
export const userStatsSchema = z.object({
  processed_time: z.object({
    weeklyTime: z.number(),
    monthlyTime: z.number(),
    yearlyTime: z.number(),
    allTime: z.number(),
  }),
  processed_rides: z.object({
    weeklyRides: z.number(),
    monthlyRides: z.number(),
    yearlyRides: z.number(),
    allRides: z.number(),
  }),
  processed_power: z.object({
    weeklyPower: z.number(),
    monthlyPower: z.number(),
    yearlyPower: z.number(),
    allPower: z.number(),
  }),
  processed_distance: z.object({
    weeklyDistance: z.number(),
    monthlyDistance: z.number(),
    yearlyDistance: z.number(),
    allDistance: z.number(),
  }),
});
export type UserStats = z.infer<typeof userStatsSchema>;
