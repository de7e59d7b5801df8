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
