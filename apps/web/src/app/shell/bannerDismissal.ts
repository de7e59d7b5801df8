import type { AccountLevel } from '@ridealong/contracts';

/**
 * A dismissed banner stays closed for the browser session, per account level: a member whose
 * plan changes (trial -> payment_failed) sees the new warning even after closing the old one.
 */
const key = (level: AccountLevel) => `ridealong.banner-dismissed.${level}`;

export function isBannerDismissed(level: AccountLevel, storage: Storage | null): boolean {
  try {
    return storage?.getItem(key(level)) === '1';
  } catch {
    return false; // storage blocked (private mode): the banner simply shows again
  }
}

export function dismissBanner(level: AccountLevel, storage: Storage | null): void {
  try {
    storage?.setItem(key(level), '1');
  } catch {
    // storage blocked: dismissal then lasts only for this page view (the component's state)
  }
}

export function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
