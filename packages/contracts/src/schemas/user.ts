import { z } from 'zod';
import { ACCOUNT_LEVELS, DEMO_MODE_OPTIONS, DISPLAY_NAME_MIN_LENGTH } from '../constants.js';
import { idSchema } from './common.js';
import { HEIGHT_CM_RANGE, UNIT_SYSTEMS, WEIGHT_KG_RANGE } from '../rules/units.js';
import { rideModeSchema } from '../rules/ride-mode.js';

export const unitSystemSchema = z.enum(UNIT_SYSTEMS);

export const accountLevelSchema = z.enum(ACCOUNT_LEVELS);
export const genderSchema = z.enum(['female', 'male', 'non_binary', 'prefer_not_to_say']);

const isoDate = z.string();

/**
 * A challenge the user joined, as carried on the user: the User-challenge entity (its schema
 * is challenge.ts's userChallengeSchema; repeated here so the user schema needs no import cycle).
 */
export const userChallengeSummarySchema = z.object({
  challenge_id: z.number(),
  title: z.string(),
  challenge_type: z.string(),
  complete: z.boolean(),
  completion_percent: z.number(),
  status_data: z.object({
    status: z.object({
      current_total: z.number(),
      average_power: z.number(),
      videosWatched: z.array(z.string()),
    }),
  }),
});

/** What anyone may see of a member (document 000, section 9: profile data is public). */
export const publicUserSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  photo_url: z.string().nullable(),
  gender: genderSchema.nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  channel_title: z.string().nullable(),
  channel_description: z.string().nullable(),
  channel_image: z.string().nullable(),
  createdAt: isoDate,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The User entity of document 000 section 3, as its owner receives it. */
export const userSchema = publicUserSchema.extend({
  email: z.string(),
  email_verified: z.boolean(),
  login_count: z.number(),
  admin: z.boolean(),
  accepted_terms_and_conditions: z.boolean(),
  enter_demo_mode_at: z.number().nullable(),
  members_riding_your_videos_notification: z.boolean(),
  send_weekly_fitness_summary: z.boolean(),
  send_most_ridden_tracks: z.boolean(),
  send_who_rode_your_rides: z.boolean(),
  strava_auto_save: z.boolean(),
  /** Trainer slope shaping (percent): difficulty 0-200, downhill 0-100. */
  trainer_difficulty: z.number(),
  trainer_downhill: z.number(),
  /**
   * How this member's pages show distances, speeds, climbs, heights and weights. Added after
   * v1, so optional (an older server sends none): readers go through unitSystemOf, which
   * reads its absence as imperial. This server always sends it.
   */
  units: unitSystemSchema.optional(),
  /**
   * How this member's solo rides play the video, remembered from their last choice (issue 26;
   * 'reactive' until they pick). Optional like `units`: an older server sends none.
   */
  ride_mode: rideModeSchema.optional(),
  /**
   * v1 clients read these to know the member is connected. Tokens never leave the server:
   * the code is STRAVA_CONNECTED while connected (else null), the tokens are always null.
   */
  strava_authorization_code: z.string().nullable(),
  strava_refresh_token: z.string().nullable(),
  strava_access_token: z.string().nullable(),
  strava_access_token_expires_at: z.number().nullable(),
  /** Connected to Strava, and Strava still accepts the connection. */
  strava_connected: z.boolean(),
  /** Strava refused the connection (revoked there, or its refresh failed): connect again. */
  strava_reconnect: z.boolean(),
  account_level: accountLevelSchema,
  previous_account_level: accountLevelSchema.nullable(),
  current_period_end_date: isoDate.nullable(),
  complimentary_access: z.boolean(),
  account_expired: z.boolean(),
  stripe_sub_id: z.string().nullable(),
  user_challenges: z.array(userChallengeSummarySchema),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/v1/users/{id}: the full user for its owner, the public part for anyone else. */
export const getUserResponseSchema = z.union([userSchema, publicUserSchema]);

const demoSeconds = DEMO_MODE_OPTIONS.map((o) => o.seconds).filter((s): s is number => s !== null);

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * PUT /api/v1/user/{userId}/update: only the fields a member may change. The object is
 * strict, so a field outside this list (account_level, login_count, email...) is a 400.
 */
export const userUpdateSchema = z
  .object({
    display_name: z
      .string()
      .trim()
      .min(1, 'Required')
      .min(DISPLAY_NAME_MIN_LENGTH, 'Must be 3 characters or more')
      .max(60),
    first_name: optionalText(60),
    last_name: optionalText(60),
    // The format's message on the format check only, so a long address says it is too long.
    photo_url: z
      .url({ error: (i) => (i.code === 'invalid_format' ? 'must be a web address' : undefined) })
      .max(2000)
      .nullable()
      .optional(),
    weight: z.number().min(WEIGHT_KG_RANGE.min).max(WEIGHT_KG_RANGE.max).nullable().optional(),
    height: z.number().min(HEIGHT_CM_RANGE.min).max(HEIGHT_CM_RANGE.max).nullable().optional(),
    gender: genderSchema.nullable().optional(),
    channel_title: optionalText(100),
    channel_description: optionalText(2000),
    accepted_terms_and_conditions: z.literal(true, 'can only be set to true').optional(),
    enter_demo_mode_at: z
      .number()
      .refine((s) => demoSeconds.includes(s), 'must be one of the demo mode options')
      .nullable()
      .optional(),
    members_riding_your_videos_notification: z.boolean().optional(),
    send_weekly_fitness_summary: z.boolean().optional(),
    send_most_ridden_tracks: z.boolean().optional(),
    send_who_rode_your_rides: z.boolean().optional(),
    strava_auto_save: z.boolean().optional(),
    trainer_difficulty: z.number().int().min(0).max(200).optional(),
    trainer_downhill: z.number().int().min(0).max(100).optional(),
    units: unitSystemSchema.optional(),
    ride_mode: rideModeSchema.optional(),
  })
  .partial()
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userUpdateParamsSchema = z.object({ userId: idSchema });

export const userUpdateResponseSchema = z.object({
  status: z.literal('success'),
  user: userSchema,
});
