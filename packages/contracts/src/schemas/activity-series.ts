import { z } from 'zod';

/**
 * GET /api/v1/tracks/{id}/series (ours): one saved ride second by second, for the activity
 * page's charts. Columnar (one array per value, index i is the same second in each), so a
 * 6-hour ride is 21,600 numbers a column rather than 21,600 objects. SI units.
 */

/** The longest ride the server records (6 h): no series is longer. */
export const ACTIVITY_SERIES_MAX_SECONDS = 6 * 3600;

const column = z.array(z.number()).max(ACTIVITY_SERIES_MAX_SECONDS);
const optionalColumn = z.array(z.number().nullable()).max(ACTIVITY_SERIES_MAX_SECONDS);

export const activitySeriesSchema = z.object({
  track_id: z.number(),
  title: z.string(),
  /** The video's url (/video/{url}). */
  url: z.string(),
  /** ISO time the ride began. */
  timestamp: z.string(),
  /** Seconds of video. */
  elapsed_time: column,
  /** Watts. */
  power: column,
  /** Beats a minute (0: no monitor). */
  heart_rate: column,
  /** Revolutions a minute. */
  cadence: column,
  /** Metres ridden since the ride began. */
  distance: column,
  /** The road's grade at that second of video, percent; null without slope data. */
  grade: optionalColumn,
  /** The road's elevation at that second of video, metres; null without slope data. */
  elevation: optionalColumn,
});
export type ActivitySeries = z.infer<typeof activitySeriesSchema>;
