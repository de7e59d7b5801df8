import type { RaceRow, UserRow } from '../../db/schema.js';

/** Who may edit or delete a video: its owner, or an admin (document 001 section 6). */
export function canManageRace(
  user: Pick<UserRow, 'id' | 'admin'>,
  race: Pick<RaceRow, 'userId'>,
): boolean {
  return user.admin || user.id === race.userId;
}

/**
 * POST /races/change-duration/ is sent by the ride client of whoever rides the video, when the
 * duration the player measured differs from the stored one by more than 1 % (document 001
 * section 9). Any member may therefore send it, so the server only takes corrections: the
 * first duration of a video that has none, or a change of under 10 %. A wild value (a broken
 * player, or someone poking the API) cannot turn a 20-minute ride into a 3-hour one.
 */
export const DURATION_CHANGE_LIMIT = 0.1;

export function acceptsDurationChange(current: number, next: number): boolean {
  if (!Number.isFinite(next) || next <= 0) return false;
  if (current <= 0) return true;
  return Math.abs(next - current) / current < DURATION_CHANGE_LIMIT;
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
