import type { Logger, WindowRules } from './ports.js';
import { isSameOrigin, originOf } from './origin.js';

/** Hosts whose pages open in the system browser (sign-in, checkout, billing, Strava). */
export const EXTERNAL_HOSTS: readonly string[] = [
  'strava.com',
  'www.strava.com',
  'checkout.stripe.com',
  'billing.stripe.com',
  'accounts.google.com',
];

export type ExternalVerdict = { open: true; url: string } | { open: false; reason: string };

/** A top-level navigation of an app window: only within the app's origin. */
export function allowNavigation(url: string, origin: string): boolean {
  return isSameOrigin(url, origin);
}

/**
 * Whether a link may open in the system browser: an http(s) URL of the app's origin, or an
 * https URL of an allow-listed host (default port, no credentials). Everything else (file:,
 * javascript:, data:, unknown hosts) is refused.
 */
export function externalVerdict(
  url: string,
  origin: string,
  extraHosts: readonly string[] = [],
): ExternalVerdict {
  if (typeof url !== 'string' || url.length > 4096) return { open: false, reason: 'bad url' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { open: false, reason: 'not a url' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { open: false, reason: `scheme ${parsed.protocol}` };
  }
  if (parsed.username || parsed.password) return { open: false, reason: 'credentials in url' };
  if (originOf(parsed.href) === origin) return { open: true, url: parsed.href };
  if (parsed.protocol !== 'https:') return { open: false, reason: 'not https' };
  const host = parsed.host.toLowerCase();
  const allowed = [...EXTERNAL_HOSTS, ...extraHosts.map((h) => h.toLowerCase())];
  if (!allowed.includes(host)) return { open: false, reason: `host ${host} not allowed` };
  return { open: true, url: parsed.href };
}

/** Shortens a URL for a log line (a refused link may be long or carry a token). */
export function forLog(url: string): string {
  const s = String(url);
  return JSON.stringify(s.length > 120 ? `${s.slice(0, 120)}...` : s);
}

export interface AppWindowRules extends WindowRules {
  /** Opens `url` in the system browser when the allow-list lets it; false when refused. */
  openExternal(url: string): boolean;
}

export function createWindowRules(deps: {
  origin: string;
  externalHosts: readonly string[];
  openExternal: (url: string) => Promise<void>;
  log: Logger;
}): AppWindowRules {
  const openExternal = (url: string): boolean => {
    const verdict = externalVerdict(url, deps.origin, deps.externalHosts);
    if (!verdict.open) {
      deps.log.warn(`Refused to open ${forLog(url)} externally: ${verdict.reason}`);
      return false;
    }
    deps.openExternal(verdict.url).catch((err: unknown) => {
      deps.log.error(`Opening ${forLog(verdict.url)} externally failed: ${String(err)}`);
    });
    return true;
  };
  return {
    allowNavigation(url) {
      const ok = allowNavigation(url, deps.origin);
      if (!ok) deps.log.warn(`Refused navigation to ${forLog(url)}`);
      return ok;
    },
    // window.open / target=_blank never makes an app window; allowed links go to the browser.
    onWindowOpen(url) {
      openExternal(url);
    },
    openExternal,
  };
}
