import { planOnSale, type RequiredPlan } from '@ridealong/contracts';

/** /video-upgrade's words for the plan the video needs (required_plan from the server). */
export type UpgradeCopy = {
  title: string;
  message: string;
  /** The main button: to /pricing when the plan can be bought, else back to the videos. */
  action: { to: '/pricing' | '/videos'; label: string };
};

/** The documents' generic body, for a video the page does not know (no ?video=, or gone). */
const GENERIC: UpgradeCopy = {
  title: 'This video needs an upgrade',
  message:
    'Community videos are part of our paid plans: Core members ride them in SD, and Pro members get HD plus exclusive videos.',
  action: { to: '/pricing', label: 'See plans' },
};

export function upgradeCopy(
  plan: RequiredPlan | null | undefined,
  videoTitle: string | null,
  onSale: (plan: RequiredPlan) => boolean = planOnSale,
  /** What the member's plan plays today (memberPlanTier). */
  tier: 'pro' | 'core' | 'none' = 'core',
): UpgradeCopy {
  if (!plan) return GENERIC;
  const name = plan === 'pro' ? 'Pro' : 'Core';
  const subject = videoTitle ? `'${videoTitle}'` : 'This video';
  const title = `${subject} needs the ${name} plan`;
  // Without Core the other community videos are refused too: Core is the way on, not them.
  if (!onSale(plan) && tier === 'none' && plan === 'pro' && onSale('core')) {
    return {
      title,
      message: `${name} is coming soon and cannot be bought yet. With Core you ride every other community video in the meantime.`,
      action: { to: '/pricing', label: 'Get Core' },
    };
  }
  if (!onSale(plan)) {
    return {
      title,
      message: `${name} is coming soon and cannot be bought yet. Core and trial members ride every other community video in the meantime.`,
      action: { to: '/videos', label: 'Find another video' },
    };
  }
  return {
    title,
    message:
      plan === 'pro'
        ? 'Exclusive videos are part of the Pro plan, with every community video in HD.'
        : 'Community videos are part of the Core and Pro plans: Core members ride them in SD, Pro members in HD.',
    action: { to: '/pricing', label: `Get ${name}` },
  };
}
