import { complimentaryInForce, memberPlanTier, type PlanFields } from './plans.js';

// Here, not in schemas/ads.ts: a slot is part of the home page's first load, which must not
// bring zod (the schemas module builds its schemas when loaded).

/** Where a slot is: the pages a free member spends time on, never over a video or a ride. */
export const AD_SLOTS = ['home', 'featured', 'videos', 'video', 'activities'] as const;
export type AdSlot = (typeof AD_SLOTS)[number];

/** 'Remove ads' in every slot leads here. */
export const REMOVE_ADS_PATH = '/pricing';
export const AD_TEXT = { removeAds: 'Remove ads', label: 'Advertisement' } as const;

/**
 * Whether a viewer is served ads: guests, free, payment_failed and cancelled members; never
 * trial, Core or Pro (a cancelled plan keeps ad-free until its paid period ends) nor
 * complimentary access in force. The server decides with this rule; pages never ask for ads
 * when it says no.
 */
export function servesAds(user: PlanFields | null, now: Date = new Date()): boolean {
  if (user && complimentaryInForce(user, now)) return false;
  return memberPlanTier(user, now) === 'none';
}
