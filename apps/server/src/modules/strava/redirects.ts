import { STRAVA_WEB_CALLBACK_PATH } from '@ridealong/contracts';
import { loopbackRedirect } from '../../http/loopback-redirect.js';

export { loopbackRedirect };
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
