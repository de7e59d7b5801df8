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

/**
 * GET /api/v1/race/{id}/timeline (ours, issue 26): a video's slope profile per whole second,
 * for a reactive ride's distance-to-video-time mapping. `distance[s]` is the filmed distance
 * (metres, 0.1) and `slope[s]` the grade (percent, 0.01) at second s; `seconds` is their length.
 * At most TIMELINE_MAX_SECONDS (the longest ride, 6 h).
 */
export const TIMELINE_MAX_SECONDS = 6 * 3600;
export const videoTimelineSchema = z.object({
  seconds: z.number().int().min(0).max(TIMELINE_MAX_SECONDS),
  distance: z.array(z.number()).max(TIMELINE_MAX_SECONDS),
  slope: z.array(z.number()).max(TIMELINE_MAX_SECONDS),
});
export type VideoTimeline = z.infer<typeof videoTimelineSchema>;
/** null: the video has no slope data (as GET /race/{id}/route's `route`). */
export const timelineResponseSchema = z.object({ timeline: videoTimelineSchema.nullable() });
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;
/** The video's numeric id only, in digits (not '1e9', '-1' or a url). */
export const timelineParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a video id (digits)')
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647, 'must be at most 2147483647')),
});
