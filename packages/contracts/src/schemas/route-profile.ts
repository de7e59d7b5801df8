import { z } from 'zod';

/**
 * GET /api/v1/race/{id}/route (ours): a video's route facts and a small elevation profile,
 * computed once from its per-second slope profile. SI units; the web formats them.
 */

/** The profile sent to pages holds at most this many points, however long the video. */
export const ROUTE_PROFILE_MAX_POINTS = 400;

/** [distance from the start in metres, elevation in metres]. */
export const profilePointSchema = z.tuple([z.number(), z.number()]);
export type ProfilePoint = z.infer<typeof profilePointSchema>;

export const routeSummarySchema = z.object({
  distance_m: z.number(),
  /** Total ascent, metres. */
  climb_m: z.number(),
  /** The steepest grade held over a short stretch (see routeFacts), percent. */
  max_grade_percent: z.number(),
  min_elevation_m: z.number(),
  max_elevation_m: z.number(),
  profile: z.array(profilePointSchema).max(ROUTE_PROFILE_MAX_POINTS),
  /**
   * The video second of each profile point (same length and order as `profile`), so a page can
   * place the rider at the video's current time. A parallel array, so readers of `profile`'s
   * pairs are unchanged.
   */
  profile_t: z.array(z.number()).max(ROUTE_PROFILE_MAX_POINTS),
});
export type RouteSummary = z.infer<typeof routeSummarySchema>;

/** null: the video has no slope data (no GPS in the footage and no GPX). */
export const routeResponseSchema = z.object({ route: routeSummarySchema.nullable() });
export type RouteResponse = z.infer<typeof routeResponseSchema>;
