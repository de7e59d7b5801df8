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

/** This server's web callback exactly (any query aside), or a loopback address. */
export function acceptedRedirect(raw: string, publicUrl: string): URL | null {
  const loopback = loopbackRedirect(raw);
  if (loopback) return loopback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const web = new URL(webCallbackUrl(publicUrl));
  if (url.origin !== web.origin || url.pathname !== web.pathname) return null;
  if (url.username !== '' || url.password !== '' || url.hash !== '') return null;
  return url;
}
