import { z } from 'zod';
import { bodyIdSchema, idSchema, pgIntParam } from './schemas/common.js';
import { raceSchema } from './schemas/race.js';
import { CHALLENGE, CHALLENGE_MESSAGES, CHALLENGE_TYPES } from './rules/challenge.js';

/**
 * Challenges (document 001: '/challenges', 'Challenge detail', sections 3, 4, 5, 7 and 9).
 * Design and the readings the spec leaves open: docs/challenges.md.
 */

export const challengeTypeSchema = z.enum(CHALLENGE_TYPES);

/**
 * A challenge's calendar dates: YYYY-MM-DD on the wire. A challenge runs from its start date
 * 00:00 UTC to the end of its end date (the next day 00:00 UTC, exclusive).
 */
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** goal_payload, parsed: a goal number, or the ordered race videos. */
export const goalPayloadSchema = z.union([
  z.object({ goal: z.number().positive().max(CHALLENGE.goalMax) }),
  z.object({ video_subset: z.array(z.string().min(1).max(200)).length(CHALLENGE.raceVideos) }),
]);
export type GoalPayload = z.infer<typeof goalPayloadSchema>;

/** The Challenge entity (section 3), plus what its cards show. */
export const challengeSchema = z.object({
  id: z.number(),
  challenge_id: z.number(),
  title: z.string(),
  description: z.string(),
  start_date: calendarDate,
  end_date: calendarDate,
  /** Active: not switched off and its end date not over. */
  active: z.boolean(),
  featured: z.boolean(),
  /** Empty when the card shows the default image of its type. */
  image_url: z.string().nullable(),
  challenge_type: challengeTypeSchema,
  /** A JSON string, as the spec has it: {"goal": n} or {"video_subset": [urls]}. */
  goal_payload: z.string(),
  /** Members who joined. */
  participants: z.number(),
  /** A race-based challenge's videos, in order (those still ready); empty otherwise. */
  videos: z.array(raceSchema),
});
export type Challenge = z.infer<typeof challengeSchema>;

/** status_data of a user-challenge: its `status` holds the progress (section 3). */
export const challengeStatusDataSchema = z.object({
  status: z.object({
    /** Miles, average watts, minutes, videos uploaded, rides, or race videos ridden. */
    current_total: z.number(),
    average_power: z.number(),
    /** Race-based: the urls of the challenge's videos ridden so far. */
    videosWatched: z.array(z.string()),
  }),
});
export type ChallengeStatusData = z.infer<typeof challengeStatusDataSchema>;

/** The User-challenge entity (section 3). */
export const userChallengeSchema = z.object({
  challenge_id: z.number(),
  title: z.string(),
  challenge_type: challengeTypeSchema,
  complete: z.boolean(),
  /** 0 to 1. */
  completion_percent: z.number(),
  status_data: challengeStatusDataSchema,
});
export type UserChallenge = z.infer<typeof userChallengeSchema>;

// ---- the calls of section 7 -----------------------------------------------------------------

/** add-user and remove-user: the caller's own id (anyone else's is refused). */
export const challengeMembershipSchema = z.object({
  user_id: bodyIdSchema,
  challenge_id: bodyIdSchema,
});

export const userChallengeQuerySchema = z.object({
  challenge_id: idSchema,
  user_id: idSchema,
});
export const userChallengeResponseSchema = z.object({
  is_registered: z.boolean(),
  user_challenge: userChallengeSchema.nullable(),
});
export type UserChallengeResponse = z.infer<typeof userChallengeResponseSchema>;

export const challengeIdParamsSchema = z.object({ challengeId: idSchema });

export const leaderboardQuerySchema = z.object({
  start: pgIntParam(0, 1_000_000).default(0),
  paginate: pgIntParam(1, CHALLENGE.leaderboardPageMax).default(CHALLENGE.leaderboardPageSize),
});

export const challengeLeaderboardRowSchema = z.object({
  user: z.object({ id: z.number(), display_name: z.string(), photo_url: z.string().nullable() }),
  /** 1 is first; members level on completion and total share a ranking. */
  ranking: z.number(),
  complete: z.boolean(),
  completion_percent: z.number(),
  status_data: challengeStatusDataSchema,
});
export type ChallengeLeaderboardRow = z.infer<typeof challengeLeaderboardRowSchema>;

export const challengeLeaderboardResponseSchema = z.object({
  /** Everyone who joined. */
  count: z.number(),
  rows: z.array(challengeLeaderboardRowSchema),
  /** The caller's own row wherever it ranks (null for guests and non-participants). */
  me: challengeLeaderboardRowSchema.nullable(),
});
export type ChallengeLeaderboardResponse = z.infer<typeof challengeLeaderboardResponseSchema>;

export const challengeValuesSchema = z.object({ challenge_id: bodyIdSchema });
export const challengeValuesResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ challenge: challengeSchema }),
});

export const activeChallengesResponseSchema = z.array(challengeSchema);

export const deactivatedQuerySchema = z.object({
  /** Sent by v1 clients; the list is the same for everyone. */
  user_id: idSchema.optional(),
  start: pgIntParam(0, 1_000_000).default(0),
  paginate: pgIntParam(1, CHALLENGE.deactivatedPageMax).default(CHALLENGE.deactivatedPageSize),
});
export const deactivatedResponseSchema = z.object({
  /** All past challenges: the list is finished once start + rows reaches it; 0: none. */
  count: z.number(),
  rows: z.array(challengeSchema),
});
export type DeactivatedResponse = z.infer<typeof deactivatedResponseSchema>;

export const setFeaturedParamsSchema = z.object({ id: idSchema });

export const recalculateSchema = z.object({
  challenge_ids: z.array(bodyIdSchema).min(1).max(100),
  user_id: bodyIdSchema.optional(),
});

const adminDate = z
  .string()
  .trim()
  .regex(/^\d{2}-\d{2}-\d{4}$/, CHALLENGE_MESSAGES.badDate);

/**
 * POST /api/v1/challenge/create (admins; the spec reused coupon/create, a defect): the admin
 * page's fields as typed. The type is a keyword; race videos are urls joined by commas.
 */
export const createChallengeSchema = z.object({
  title: z.string().trim().min(1, 'Required').max(CHALLENGE.titleMax),
  description: z.string().max(CHALLENGE.descriptionMax).default(''),
  start_date: adminDate,
  end_date: adminDate,
  /** race, distance, power, time, upload or ride (case-sensitive). */
  challenge_type: z.string().max(20).optional(),
  /** The goal in the type's unit (not for race). */
  goal: z.union([z.number(), z.string().max(20)]).optional(),
  /** Race: exactly 3 video urls, comma-separated without spaces. */
  videos: z.string().max(700).optional(),
  image_url: z.string().trim().url().max(500).optional().or(z.literal('')),
  featured: z.boolean().default(false),
});
export type CreateChallenge = z.infer<typeof createChallengeSchema>;

export const createChallengeResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  challenge: challengeSchema,
});
