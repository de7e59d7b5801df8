import { STRAVA_WEB_CALLBACK_PATH } from '@ridealong/contracts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The desktop app's local callback: plain http on a loopback host with an explicit port, no
 * credentials or fragment (RFC 8252, 7.3). Null for anything else, so an authorisation can
 * never be sent to another machine.
 */
export function loopbackRedirect(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.port === '' || url.username !== '' || url.password !== '' || url.hash !== '') return null;
  return url;
}

/** /portal-redirect's Strava variant on this server: where a web authorisation comes back. */
export const webCallbackUrl = (publicUrl: string) => `${publicUrl}${STRAVA_WEB_CALLBACK_PATH}`;

/**
 * Where a desktop app's authorisation comes back when the app has no local callback: this
 * server completes it in the browser (the signed state names the member), and the app sees the
 * member connected when it next reads the user.
 */
export const DESKTOP_CALLBACK_PATH = '/strava/callback';
export const desktopCallbackUrl = (publicUrl: string) => `${publicUrl}${DESKTOP_CALLBACK_PATH}`;

/** One of this server's callbacks exactly (any query aside), or a loopback address. */
export function acceptedRedirect(raw: string, publicUrl: string): URL | null {
  const loopback = loopbackRedirect(raw);
  if (loopback) return loopback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const ours = [webCallbackUrl(publicUrl), desktopCallbackUrl(publicUrl)].map((u) => new URL(u));
  if (!ours.some((o) => url.origin === o.origin && url.pathname === o.pathname)) return null;
  if (url.username !== '' || url.password !== '' || url.hash !== '') return null;
  return url;
}
