/**
 * Origins as the browser compares them (scheme, host and port). Only http(s) URLs have one
 * here: file:, data:, javascript: and anything unparsable have none, so they never match.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.origin;
}

/** True when `url` is a page of `origin` (the app's origin, as DesktopConfig.origin). */
export function isSameOrigin(url: string, origin: string): boolean {
  const o = originOf(url);
  return o !== null && o === origin;
}
