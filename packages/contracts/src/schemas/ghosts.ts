import { z } from 'zod';

/**
 * Ghosts of a reactive ride (ours, issue 26): earlier reactive rides of a video at 100 %
 * difficulty, placed beside the rider by distance. Two reads, both bounded whatever the number
 * of past rides:
 *
 * - GET /api/v1/race/{id}/ghosts: the candidates (the member's own best, the leaders, the rides
 *   ranked around the member's best) and the app's choice among them.
 * - GET /api/v1/race/{id}/ghosts/points?tracks=1,2&from=0: each chosen ghost's distance and
 *   power for GHOST_WINDOW_SECONDS seconds of ride from `from`.
 *
 * A ride's rank: the farthest distance reached, then the fewest seconds to reach it (every
 * finisher has the route's whole distance, so finishers rank by time).
 */

/** ROUVY's number: a rider rides with at most this many ghosts. */
export const MAX_GHOSTS = 10;
/** Leaders offered, and rides offered around the member's best (half above, half below). */
export const GHOST_LEADERS = 10;
export const GHOST_AROUND = 10;
/** Ranks are counted up to this many rides ahead of a member's best, never further. */
export const GHOST_RANK_LIMIT = 10_000;
/** Seconds of ride one points window holds. */
export const GHOST_WINDOW_SECONDS = 120;

export const ghostRideSchema = z.object({
  track_id: z.number().int(),
  user_id: z.number().int(),
  display_name: z.string(),
  photo_url: z.string().nullable(),
  /** The rider's weight in kg from their profile (for W/kg); null when not set. */
  weight: z.number().nullable(),
  /**
   * 1-based rank among the video's ranked reactive rides; null for rides ranked past
   * GHOST_RANK_LIMIT around a member's best there (counting further would grow with the video's
   * rides, so the answer says '10,000+' instead).
   */
  rank: z.number().int().min(1).nullable(),
  /** Metres reached (the route's distance for a finisher), and seconds of ride to reach them. */
  distance: z.number(),
  seconds: z.number().int(),
  /** Average power over the ride, watts. */
  average_power: z.number(),
  finished: z.boolean(),
  /** When the ride started, ISO 8601 (tracks.started_at). */
  created_at: z.string(),
});
export type GhostRide = z.infer<typeof ghostRideSchema>;

export const ghostsResponseSchema = z.object({
  /** The member's own best ranked reactive ride of the video; null when none. */
  own: ghostRideSchema.nullable(),
  /** The first GHOST_LEADERS rides by rank. */
  leaders: z.array(ghostRideSchema).max(GHOST_LEADERS),
  /** Up to GHOST_AROUND rides ranked just above and below the member's own best. */
  around: z.array(ghostRideSchema).max(GHOST_AROUND),
  /** The app's choice (track ids, at most MAX_GHOSTS): own best, then around, then leaders. */
  chosen: z.array(z.number().int()).max(MAX_GHOSTS),
});
export type GhostsResponse = z.infer<typeof ghostsResponseSchema>;

/** `tracks`: 1 to MAX_GHOSTS comma-separated track ids; `from`: the window's first ride second. */
export const ghostPointsQuerySchema = z.object({
  tracks: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,9}$/, 'must be 1 to 10 comma-separated track ids')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number().int().max(2_147_483_647)).min(1).max(MAX_GHOSTS)),
  from: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole second')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(0)
        .max(6 * 3600),
    ),
});
export type GhostPointsQuery = z.infer<typeof ghostPointsQuerySchema>;

export const ghostSeriesSchema = z.object({
  track_id: z.number().int(),
  /**
   * Metres at ride seconds from, from+1, ... (0.1 m); shorter than the window when the ride
   * ended in it (empty past its end). A second the ride has no point for repeats the last.
   */
  distance: z.array(z.number()).max(GHOST_WINDOW_SECONDS),
  /** Watts at the same seconds. */
  power: z.array(z.number()).max(GHOST_WINDOW_SECONDS),
});
export type GhostSeries = z.infer<typeof ghostSeriesSchema>;

export const ghostPointsResponseSchema = z.object({
  from: z.number().int(),
  /** One per requested ghost the member may see; unknown or unranked tracks are left out. */
  series: z.array(ghostSeriesSchema).max(MAX_GHOSTS),
});
export type GhostPointsResponse = z.infer<typeof ghostPointsResponseSchema>;
