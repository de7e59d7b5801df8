import { z } from 'zod';
import { RIDE_MODES, rideModeSchema } from '../rules/ride-mode.js';

/**
 * GET /api/v1/tracks/{id}/series (ours): one saved ride second by second, for the activity
 * page's charts; or a ride still recording, its seconds pushed so far (none yet: empty
 * columns), for a ride resumed after a reload to count them in its summary. Columnar (one array per value, index i is the same second in each), so a
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
  /**
   * The rider's weight in kg as their profile has it (null: none set), for W/kg: an admin
   * reading another member's ride must not divide by their own. Optional: older servers lack it.
   */
  rider_weight: z.number().positive().nullable().optional(),
  /**
   * Ours (issue 26), optional as on the track: how the video played ('steady' when absent) and
   * the trainer's difficulty (100 when absent), so the page can mark a ride that is not ranked.
   */
  ride_mode: rideModeSchema.optional(),
  difficulty: z.number().optional(),
});
export type ActivitySeries = z.infer<typeof activitySeriesSchema>;

const COLUMNS = ['elapsed_time', 'power', 'heart_rate', 'cadence', 'distance'] as const;
const NULLABLE_COLUMNS = ['grade', 'elevation'] as const;

/** A column of numbers (nulls where `nullable`) of at most the longest ride, or false. */
function isColumn(v: unknown, nullable: boolean): boolean {
  if (!Array.isArray(v) || v.length > ACTIVITY_SERIES_MAX_SECONDS) return false;
  for (let i = 0; i < v.length; i += 1) {
    const x: unknown = v[i];
    if (typeof x === 'number' ? !Number.isFinite(x) : !(nullable && x === null)) return false;
  }
  return true;
}

/**
 * The same check as activitySeriesSchema, written out for its 150,000 numbers: zod takes
 * 12-28 ms over a 6-hour ride in the browser, this plain loop about 1 ms. Returns the answer
 * itself as the contract's type (other keys are left in, not stripped), or null when it is not
 * one; activity-series.test.ts keeps the two checks alike.
 */
export function readActivitySeries(json: unknown): ActivitySeries | null {
  if (typeof json !== 'object' || json === null) return null;
  const s = json as Record<string, unknown>;
  if (typeof s.track_id !== 'number' || !Number.isFinite(s.track_id)) return null;
  if (typeof s.title !== 'string' || typeof s.url !== 'string') return null;
  if (typeof s.timestamp !== 'string') return null;
  if (!COLUMNS.every((c) => isColumn(s[c], false))) return null;
  if (!NULLABLE_COLUMNS.every((c) => isColumn(s[c], true))) return null;
  const w = s.rider_weight;
  if (w !== undefined && w !== null && !(typeof w === 'number' && Number.isFinite(w) && w > 0)) {
    return null;
  }
  const mode = s.ride_mode;
  if (mode !== undefined && !(RIDE_MODES as readonly unknown[]).includes(mode)) return null;
  const d = s.difficulty;
  if (d !== undefined && !(typeof d === 'number' && Number.isFinite(d))) return null;
  return json as ActivitySeries;
}
