import type { AdminAd, AdSlot } from '@ridealong/contracts';
import { adSlotSchema } from '@ridealong/contracts';
import type { AdWithTotals } from './repository.js';

/** A stored slot outside today's list (a slot since retired) reads as the first one. */
const slotOf = (slot: string): AdSlot => {
  const parsed = adSlotSchema.safeParse(slot);
  return parsed.success ? parsed.data : 'home';
};

/** An ad as admins see it: its fields, image and totals (dates ISO 8601). */
export const presentAdminAd = (ad: AdWithTotals): AdminAd => ({
  id: ad.id,
  title: ad.title,
  link_url: ad.linkUrl,
  slot: slotOf(ad.slot),
  image_url: ad.imageKey,
  starts_at: ad.startsAt.toISOString(),
  ends_at: ad.endsAt?.toISOString() ?? null,
  weight: ad.weight,
  active: ad.active,
  impressions: ad.impressions,
  clicks: ad.clicks,
  created_at: ad.createdAt.toISOString(),
});
