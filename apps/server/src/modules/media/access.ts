import {
  memberPlanTier,
  planOnSale,
  PREVIEW_SECONDS,
  type AccountLevel,
  type MediaQuality,
  type RequiredPlan,
} from '@ridealong/contracts';
import { can } from '../../access/can.js';

export type Viewer = {
  id: number;
  admin: boolean;
  accountLevel: AccountLevel;
  previousAccountLevel: AccountLevel | null;
  currentPeriodEndDate: Date | null;
};

export type AccessRace = { userId: number; exclusive: boolean; samplerMonth: string | null };

export type PlaybackMode = 'full' | 'preview';

export type MediaAccess =
  | { allowed: true; quality: MediaQuality; maxSeconds: number | null }
  | { allowed: false; message: string };

export const ACCESS_MESSAGES = {
  guest: 'Log in and choose a plan to ride the whole video.',
  plan: 'Community videos are part of the Core and Pro plans. Upgrade to ride the whole video.',
  // Pro cannot be bought while it is coming soon, so the message does not say 'Upgrade'.
  exclusive: planOnSale('pro')
    ? 'Exclusive videos are part of the Pro plan. Upgrade to ride the whole video.'
    : 'Exclusive videos are part of the Pro plan, which is coming soon.',
} as const;

/** The month a sampler video is free in, as stored in races.sampler_month (UTC). */
export const samplerMonthOf = (now: Date) => now.toISOString().slice(0, 7);

/**
 * The plan a viewer's level gives today (documents 000 and 001, section 6): Pro, Core (trial
 * counts as Core), or none. A cancelled plan keeps its features until the paid period ends.
 */
export function planTier(viewer: Viewer, now: Date): 'pro' | 'core' | 'none' {
  // The contracts' rule, so the pages offer what the server plays.
  return memberPlanTier(
    {
      account_level: viewer.accountLevel,
      previous_account_level: viewer.previousAccountLevel,
      current_period_end_date: viewer.currentPeriodEndDate?.toISOString() ?? null,
    },
    now,
  );
}

/**
 * Who may watch what, decided before any URL is signed:
 * - the owner and admins: the whole video in HD;
 * - Pro: the whole video in HD, exclusive videos included;
 * - Core and trial: the whole video in SD, not exclusive ones;
 * - everybody (free, payment_failed, cancelled, guests too): this month's sampler videos in SD;
 * - previews: the first PREVIEW_SECONDS for everyone, exclusive videos included (a preview is
 *   what makes the upgrade worth it), at the viewer's full quality or else SD.
 */
export function mediaAccess(
  viewer: Viewer | null,
  race: AccessRace,
  mode: PlaybackMode,
  now: Date,
): MediaAccess {
  const full = fullQuality(viewer, race, now);
  if (mode === 'preview') {
    return { allowed: true, quality: full ?? 'sd', maxSeconds: PREVIEW_SECONDS };
  }
  if (full) return { allowed: true, quality: full, maxSeconds: null };
  if (!viewer) return { allowed: false, message: ACCESS_MESSAGES.guest };
  return {
    allowed: false,
    message: race.exclusive ? ACCESS_MESSAGES.exclusive : ACCESS_MESSAGES.plan,
  };
}

/**
 * The least plan that plays the whole video today, for its badge and upgrade message (the same
 * rule as fullQuality for a member who neither owns it nor is an admin): null while it is a
 * free sampler, 'pro' for exclusive videos, 'core' (or a trial) for the rest.
 */
export function requiredPlan(race: Omit<AccessRace, 'userId'>, now: Date): RequiredPlan | null {
  if (race.samplerMonth !== null && race.samplerMonth === samplerMonthOf(now)) return null;
  return race.exclusive ? 'pro' : 'core';
}

function fullQuality(viewer: Viewer | null, race: AccessRace, now: Date): MediaQuality | null {
  if (can(viewer, 'video.playWithoutPlan', { ownerId: race.userId })) return 'hd';
  const tier = viewer ? planTier(viewer, now) : 'none';
  if (tier === 'pro') return 'hd';
  if (race.samplerMonth !== null && race.samplerMonth === samplerMonthOf(now)) return 'sd';
  if (tier === 'core' && !race.exclusive) return 'sd';
  return null;
}
