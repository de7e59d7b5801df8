/** Ask for fresh signed URLs this long before the ones playing expire. */
export const RENEW_BEFORE_MS = 5 * 60 * 1000;
/** Never sooner than this (an expiry already past must not make a tight loop). */
export const MIN_REFETCH_MS = 30 * 1000;
/**
 * With no demo video yet (a fresh install makes it in the background after the first start,
 * or its owner has not uploaded one), the attract screen looks again this often.
 */
export const MISSING_VIDEO_REFETCH_MS = 60 * 1000;

/**
 * When the attract screen asks for its playback again: before the signed URLs expire (it
 * loops for hours), or every minute while there is no demo video to play.
 */
export function demoRefetchInterval(input: {
  expiresAt: string | undefined;
  failed: boolean;
  now: number;
}): number {
  if (input.failed) return MISSING_VIDEO_REFETCH_MS;
  const expires = input.expiresAt === undefined ? Number.NaN : Date.parse(input.expiresAt);
  if (!Number.isFinite(expires)) return MISSING_VIDEO_REFETCH_MS;
  return Math.max(MIN_REFETCH_MS, expires - RENEW_BEFORE_MS - input.now);
}
