/** Ask for fresh URLs this long before the signed ones expire. */
export const RENEW_BEFORE_MS = 5 * 60 * 1000;
/** Never ask again sooner than this: an expiry already past must not make a tight loop. */
export const MIN_RENEW_INTERVAL_MS = 30 * 1000;

/**
 * Milliseconds from `now` until a Playback expiring at `expiresAt` should be renewed (0 when
 * that time has come), or null when there is no usable expiry.
 */
export function msUntilRenewal(expiresAt: string | undefined, now: number): number | null {
  const expires = expiresAt === undefined ? Number.NaN : Date.parse(expiresAt);
  if (!Number.isFinite(expires)) return null;
  return Math.max(0, expires - RENEW_BEFORE_MS - now);
}

/** The playback query's staleTime: fresh until renewal time, stale at once without an expiry. */
export function playbackStaleTime(expiresAt: string | undefined, now: number): number {
  return msUntilRenewal(expiresAt, now) ?? 0;
}

/**
 * The playback query's refetchInterval: a playing stream renews its URLs by itself before they
 * expire (a ride lasts up to 6 h plus pauses, as long as the URLs), without waiting for a
 * remount or a window focus; no timer without an expiry.
 */
export function playbackRefetchInterval(
  expiresAt: string | undefined,
  now: number,
): number | false {
  const ms = msUntilRenewal(expiresAt, now);
  return ms === null ? false : Math.max(MIN_RENEW_INTERVAL_MS, ms);
}
