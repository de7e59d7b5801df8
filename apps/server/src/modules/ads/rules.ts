import { createHash } from 'node:crypto';

/**
 * The ads module's pure rules (issue 27): which house ads a slot may serve now, the weighted
 * pick, the UTC day counts belong to and the daily salted viewer hash.
 */

/** What the per-process cache keeps of an ad: enough to serve it and redirect its clicks. */
export type ServeableAd = {
  id: number;
  title: string;
  linkUrl: string;
  slot: string;
  imageUrl: string;
  startsAt: Date;
  endsAt: Date | null;
  weight: number;
};

/** Impressions and clicks from one address, per window: far above a real visitor's pace. */
export const AD_COUNT_RATE = { perIp: 120, windowMs: 60_000 } as const;
/**
 * Viewer hashes and their salts live this many UTC days, then go: counting only ever uses
 * today's, so yesterday's would only keep a way to link a hash to a member or an address.
 */
export const AD_VIEWER_KEEP_DAYS = 1;
/** The cache reloads this often even without an 'ads-changed' message (a missed publish). */
export const AD_CACHE_RELOAD_MS = 5 * 60_000;

/** Within its dates at `now`: started, and not yet ended (the end is exclusive). */
export const withinDates = (ad: Pick<ServeableAd, 'startsAt' | 'endsAt'>, now: Date): boolean =>
  ad.startsAt.getTime() <= now.getTime() && (ad.endsAt === null || now < ad.endsAt);

/** The UTC day of `now` as YYYY-MM-DD (counts and salts are per UTC day). */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The UTC day `days` before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * Who is counted, before hashing: a member by id, a guest by network (`clientNetwork`: an IPv6
 * /64, not each address in it) and browser; no cookie, nothing stored. Only the salted hash of
 * this reaches the database.
 */
export function viewerKey(
  memberId: number | null,
  network: string,
  userAgent: string | undefined,
): string {
  return memberId !== null
    ? `member:${memberId}`
    : `guest:${network}\n${(userAgent ?? '').slice(0, 500)}`;
}

/**
 * sha256(salt || key): the same viewer on the same day gives the same hash (counted once);
 * once the day's salt is deleted, nobody can tell whose hash it was.
 */
export const viewerHash = (salt: Uint8Array, key: string): Buffer =>
  createHash('sha256').update(salt).update(key, 'utf8').digest();

export type DayCounts = { day: string; impressions: number; clicks: number };

/** `days` days ending `today`, newest first, with zeros for days nothing was counted. */
export function fillDays(rows: readonly DayCounts[], today: string, days: number): DayCounts[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = daysBefore(today, i);
    const row = byDay.get(day);
    return { day, impressions: row?.impressions ?? 0, clicks: row?.clicks ?? 0 };
  });
}
