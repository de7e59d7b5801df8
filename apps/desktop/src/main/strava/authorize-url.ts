/** Strava's authorisation page (docs/strava.md, 'Where Strava is'). */
export const STRAVA_AUTHORIZE_PAGE = 'https://www.strava.com/oauth/authorize';
/** The server's built-in stand-in for Strava (development and tests: STRAVA_STANDIN). */
export const STANDIN_AUTHORIZE_PATH = '/strava-standin/oauth/authorize';

/** Pages the app opens for 'fitness-network-portal-opened': Strava's, or the server's stand-in. */
export const stravaAuthorizePages = (serverUrl: string): string[] => [
  STRAVA_AUTHORIZE_PAGE,
  `${serverUrl}${STANDIN_AUTHORIZE_PATH}`,
];

export type AuthorizeVerdict = { ok: true; state: string } | { ok: false; reason: string };

/**
 * Whether a URL the page sent is an authorisation the app may open: one of `pages` (scheme,
 * host, port and path exactly), coming back to this app's listener (`redirectUri` exactly),
 * with a state to check the callback against. A page cannot make the app open anything else,
 * nor an authorisation that returns somewhere else.
 */
export function checkAuthorizeUrl(
  raw: string,
  pages: readonly string[],
  redirectUri: string | null,
): AuthorizeVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.username || url.password || url.hash) return { ok: false, reason: 'not a plain URL' };
  const page = `${url.origin}${url.pathname}`;
  if (!pages.includes(page)) return { ok: false, reason: 'not the Strava authorisation page' };
  if (redirectUri === null) return { ok: false, reason: 'no callback is open' };
  if (url.searchParams.get('redirect_uri') !== redirectUri) {
    return { ok: false, reason: 'it does not come back to this app' };
  }
  if (url.searchParams.get('response_type') !== 'code') {
    return { ok: false, reason: 'not a code authorisation' };
  }
  const state = url.searchParams.get('state') ?? '';
  if (state.length < 1 || state.length > 1000) return { ok: false, reason: 'no usable state' };
  return { ok: true, state };
}
