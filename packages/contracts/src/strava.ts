import { z } from 'zod';
import { bodyIdSchema } from './schemas/common.js';
import { userSchema } from './schemas/user.js';
import { trackSchema } from './schemas/track.js';

/**
 * The Strava calls (document 000 section 7: POST /auth/strava; document 001 section 7:
 * track/{id}/download and track/mark_as_uploaded) and this server's own around them.
 * Tokens never leave the server: see docs/strava.md.
 */

/** GET /api/v1/strava/authorize: where the Connect button sends the member. */
export const stravaAuthorizeQuerySchema = z.object({
  /** web: back to /portal-redirect/strava; desktop: to the desktop app's local callback. */
  target: z.enum(['web', 'desktop']).default('web'),
  /** The desktop app's local callback (http://127.0.0.1:{port}/...), for target desktop. */
  redirect_uri: z.string().max(500).optional(),
});
export const stravaAuthorizeResponseSchema = z.object({
  /** Strava's authorisation page (or the built-in stand-in's) with client id, scopes, state. */
  url: z.string(),
  /** The state the callback must bring back (the page keeps it to check the callback). */
  state: z.string(),
});
export type StravaAuthorize = z.infer<typeof stravaAuthorizeResponseSchema>;

/**
 * POST /api/v1/auth/strava: the code from Strava's callback, exchanged on the server. v1
 * desktop apps send code and user_id only; the web also sends the state it was given.
 */
export const stravaAuthSchema = z.object({
  code: z.string().trim().min(1, 'Required').max(500),
  user_id: bodyIdSchema,
  state: z.string().max(500).optional(),
  /** The scopes the member granted, as the callback's query has them. */
  scope: z.string().max(200).optional(),
});
export const stravaUserResponseSchema = z.object({
  status: z.literal('success'),
  user: userSchema,
});
export type StravaUserResponse = z.infer<typeof stravaUserResponseSchema>;

/** A ride as Strava knows it (on every activity card). */
export const trackStravaSchema = trackSchema.pick({
  uploaded: true,
  strava_upload: true,
  strava_activity_url: true,
  strava_error: true,
});
export type TrackStrava = z.infer<typeof trackStravaSchema>;

/** POST /api/v1/track/{id}/strava-upload (queues it) and GET (its state, for polling). */
export const stravaUploadResponseSchema = z.object({
  status: z.literal('success'),
  track: trackSchema,
});
export type StravaUploadResponse = z.infer<typeof stravaUploadResponseSchema>;

/** POST /api/v1/track/mark_as_uploaded (document 001 section 7): the caller's own track. */
export const markAsUploadedSchema = z.object({ track_id: bodyIdSchema });
