import { z } from 'zod';
import { AD_SLOTS } from '../rules/ads.js';

/**
 * Ads on the Free plan (ours, issue 27; document 000: Free is "ad-supported", Core and Pro "Work
 * Out Ad-Free"). House ads are made by admins; a third-party tag from the server's
 * configuration may fill a slot first. The server decides who is served ads.
 *
 * - GET /api/v1/ads?slot=videos: what one slot shows this viewer (`AdServing`).
 * - POST /api/v1/ads/{id}/impression?slot=videos: the slot was seen (204; counted once a day per
 *   viewer and ad).
 * - GET /api/v1/ads/{id}/click?slot=videos: counts the click (once a day per viewer and ad),
 *   then 302 to the ad's stored link, and only there.
 * - Admin: GET/POST /api/v1/admin/ads, PATCH/DELETE /api/v1/admin/ads/{id}, POST
 *   /api/v1/admin/ads/{id}/image (multipart `file`), GET /api/v1/admin/ads/{id}/stats?days=30.
 */

export const adSlotSchema = z.enum(AD_SLOTS);

export const AD_LIMITS = {
  titleMax: 80,
  linkMax: 2000,
  weightMin: 1,
  weightMax: 100,
  /** An ad image as uploaded; stored re-encoded (as channel images are). */
  imageMaxBytes: 5 * 1024 * 1024,
  /** Most days of counts one stats read answers. */
  statsDaysMax: 366,
} as const;

/**
 * A link an ad may lead to: absolute http(s) only (no javascript:, data:, relative paths),
 * kept as the URL parser writes it (ASCII, percent-encoded, tabs and line breaks gone), which
 * is what a Location header can carry: 'https://example.com/日本' as written is refused there.
 */
export const adLinkSchema = z
  .string()
  .trim()
  .max(AD_LIMITS.linkMax)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'The link must be an http(s) address.')
  .transform((value) => new URL(value).href)
  .pipe(z.string().max(AD_LIMITS.linkMax, 'The link is too long.'));

/**
 * An ad's dates in order: an end, when there is one, after the start, compared as instants
 * (ISO text with different offsets, or Dates: the admin's input and the server's merged row).
 */
export const adDatesInOrder = (startsAt: string | Date, endsAt: string | Date | null): boolean =>
  endsAt === null || new Date(endsAt).getTime() > new Date(startsAt).getTime();

/** A house ad as a slot shows it. `click_url` is the server's counting redirect. */
export const houseAdSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  click_url: z.string(),
});
export type HouseAd = z.infer<typeof houseAdSchema>;

/**
 * What one slot shows: nothing (an ad-free member, or no ad for the slot), a house ad, or the
 * configured third-party tag (a page shown in a sandboxed frame) with a house ad as its
 * fallback when the tag does not load.
 */
export const adServingSchema = z.object({
  slot: adSlotSchema,
  ad: houseAdSchema.nullable(),
  tag: z.object({ src: z.string() }).nullable(),
});
export type AdServing = z.infer<typeof adServingSchema>;

/** An admin's house ad, with its totals. Dates are ISO 8601; `ends_at` null runs until stopped. */
export const adminAdSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  link_url: z.string(),
  slot: adSlotSchema,
  image_url: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  weight: z.number().int(),
  active: z.boolean(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  created_at: z.string(),
});
export type AdminAd = z.infer<typeof adminAdSchema>;

const isoDate = z.string().datetime({ offset: true });

/** An ad's fields as an admin writes them. */
const adFields = z.object({
  title: z.string().trim().min(1).max(AD_LIMITS.titleMax),
  link_url: adLinkSchema,
  slot: adSlotSchema,
  starts_at: isoDate,
  ends_at: isoDate.nullable(),
  weight: z.number().int().min(AD_LIMITS.weightMin).max(AD_LIMITS.weightMax),
  active: z.boolean(),
});

/** POST /admin/ads; the image follows by POST /admin/ads/{id}/image (an ad serves once it has one). */
export const adInputSchema = adFields
  .strict()
  .refine((ad) => adDatesInOrder(ad.starts_at, ad.ends_at), {
    message: 'The end must be after the start.',
    path: ['ends_at'],
  });
export type AdInput = z.infer<typeof adInputSchema>;

/** PATCH /admin/ads/{id}: any of the fields (the server checks the merged ad's dates). */
export const adPatchSchema = adFields.partial().strict();
export type AdPatch = z.infer<typeof adPatchSchema>;

/** One day of an ad's counts (UTC day, YYYY-MM-DD). */
export const adDayStatsSchema = z.object({
  day: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
});
export const adStatsSchema = z.object({ id: z.number().int(), days: z.array(adDayStatsSchema) });
export type AdStats = z.infer<typeof adStatsSchema>;
