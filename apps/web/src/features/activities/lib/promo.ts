import { deviceKindFromUserAgent } from '@ridealong/contracts';

/** The four readers of the promo's 'learn more' text (document 001, 'Activities'). */
export type PromoDevice = 'desktop' | 'mobile' | 'tablet' | 'browser';

/**
 * The contracts' device rule folds tablets into 'mobile'; the promo tells them apart. iPadOS
 * reports a Mac user agent, so a Mac with a touch screen is taken for an iPad.
 */
export function isTabletUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  const ua = userAgent.toLowerCase();
  if (/ipad|tablet|playbook|silk|kindle/.test(ua)) return true;
  if (ua.includes('android') && !ua.includes('mobile')) return true;
  return ua.includes('macintosh') && maxTouchPoints > 1;
}

export function promoDevice(env: {
  electronMode: boolean;
  userAgent: string;
  maxTouchPoints?: number;
}): PromoDevice {
  if (env.electronMode) return 'desktop';
  if (isTabletUserAgent(env.userAgent, env.maxTouchPoints)) return 'tablet';
  if (deviceKindFromUserAgent(env.userAgent) === 'mobile') return 'mobile';
  return 'browser';
}

export const LEARN_MORE_TEXT: Record<PromoDevice, string> = {
  desktop:
    'Connect your smart trainer, pick a video from the collection and click Start. Every ride ' +
    'you save appears here with its time, distance and average power, together with your ' +
    'weekly, monthly, yearly and all-time totals, and each one can be downloaded as a FIT file.',
  browser:
    'Download the RideAlong desktop app for Mac or Windows, connect your smart trainer and ' +
    'ride any video. Every ride you save appears here with its time, distance and average ' +
    'power, together with your weekly, monthly, yearly and all-time totals.',
  tablet:
    'Rides are recorded by the RideAlong desktop app on a Mac or Windows computer connected to ' +
    'your smart trainer. Your tablet is a handy second screen: sign in here to look back at ' +
    'every saved ride and your weekly, monthly, yearly and all-time totals.',
  mobile:
    'Rides are recorded by the RideAlong desktop app on a Mac or Windows computer connected to ' +
    'your smart trainer. Sign in on your phone afterwards to check your saved rides and your ' +
    'weekly, monthly, yearly and all-time totals on the go.',
};

/** Only browsers are offered the installer and the setup guide. */
export function offersDownload(device: PromoDevice): boolean {
  return device === 'browser';
}
