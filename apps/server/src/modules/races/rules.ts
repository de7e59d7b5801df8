import { RIDE } from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { RaceRow, TrackRow, UserRow } from '../../db/schema.js';

/** Who may edit or delete a video: its owner, or an admin (document 001 section 6). */
export function canManageRace(
  user: Pick<UserRow, 'id' | 'admin'>,
  race: Pick<RaceRow, 'userId'>,
): boolean {
  return can(user, 'video.manage', { ownerId: race.userId });
}

/**
 * POST /races/change-duration/ is sent by the ride client of whoever rides the video, when the
 * duration the player measured differs from the stored one by more than 1 % (document 001
 * section 9). The server only takes corrections: the first duration of a video that has none,
 * or a change of under 10 %. A wild value (a broken player, or someone poking the API) cannot
 * turn a 20-minute ride into a 3-hour one.
 */
export const DURATION_CHANGE_LIMIT = 0.1;

export function acceptsDurationChange(current: number, next: number): boolean {
  if (!Number.isFinite(next) || next <= 0) return false;
  if (current <= 0) return true;
  return Math.abs(next - current) / current < DURATION_CHANGE_LIMIT;
}

/**
 * A member who does not manage the video reports its duration through a ride: their own ride
 * of it, ended within the last hour, that reached the reported end (within 1 % or 5 s), and
 * each ride once. So moving a video's duration takes riding it to its end, every time.
 */
export const DURATION_REPORT = { recentMs: 60 * 60_000, slackSeconds: 5 } as const;

export type ReportingRide = Pick<TrackRow, 'lastElapsedTime' | 'durationReportedAt'>;

export type ReportVerdict =
  { ok: true } | { ok: false; reason: 'no-ride' | 'reported' | 'mismatch'; message: string };

export function durationReportVerdict(ride: ReportingRide | null, next: number): ReportVerdict {
  if (!ride || ride.lastElapsedTime === null) {
    return {
      ok: false,
      reason: 'no-ride',
      message: 'Only a rider who has just ridden this video to its end can report its duration.',
    };
  }
  if (ride.durationReportedAt) {
    return {
      ok: false,
      reason: 'reported',
      message: 'Your ride of this video has already reported its duration.',
    };
  }
  const tolerance = Math.max(DURATION_REPORT.slackSeconds, next * RIDE.durationTolerance);
  if (Math.abs(next - ride.lastElapsedTime) > tolerance) {
    return {
      ok: false,
      reason: 'mismatch',
      message: `Your ride ended at ${ride.lastElapsedTime} s of this video, not at ${next} s.`,
    };
  }
  return { ok: true };
}

/** Beyond this offset a page is read from the far end of the index when that end is nearer. */
export const DEEP_OFFSET = 1200;

export type PageWindow = { offset: number; limit: number; reversed: boolean };

/**
 * Which rows to read for page `page` of `total` rows sorted newest first. A page past the middle
 * is read oldest first from the other end and reversed, so even the last of 8,000 pages skips
 * few index entries (OFFSET costs one index entry per skipped row).
 */
export function pageWindow(page: number, size: number, total: number): PageWindow {
  const offset = (page - 1) * size;
  if (offset >= total) return { offset, limit: 0, reversed: false };
  const end = Math.min(offset + size, total);
  if (offset <= DEEP_OFFSET || offset <= total / 2) {
    return { offset, limit: end - offset, reversed: false };
  }
  return { offset: total - end, limit: end - offset, reversed: true };
}
