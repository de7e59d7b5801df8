import type { Playback } from '@ridealong/contracts';

/**
 * Signed media URLs are /media/{token}/{file}, absolute or origin-relative (the server's
 * signing.ts): the token sits in the path so the relative segment URLs inside the manifests
 * carry it. A renewed Playback for the same stream differs only in that token, so the player
 * keeps its session and swaps the token in the URLs it requests (issue 11).
 */
const SIGNED = /^((?:[a-z][a-z\d+.-]*:\/\/[^/?#]+)?)\/media\/([^/?#]+)\//i;
/** /media/public/ holds unsigned files (channel images, the promo video): not a token. */
const PUBLIC_FOLDER = 'public';

type Parts = { origin: string; token: string; rest: string };

function partsOf(url: string): Parts | null {
  const match = SIGNED.exec(url);
  if (!match || match[2] === PUBLIC_FOLDER) return null;
  return { origin: match[1] ?? '', token: match[2] ?? '', rest: url.slice(match[0].length) };
}

/** `https://host/media/{token}/` or `/media/{token}/` of a signed media URL; null for others. */
export function prefixOf(url: string): string | null {
  const parts = partsOf(url);
  return parts ? `${parts.origin}/media/${parts.token}/` : null;
}

/** The token of a signed media URL; null for others. */
export function tokenOf(url: string): string | null {
  return partsOf(url)?.token ?? null;
}

/** Same origin, an origin-relative URL standing for the page's own (when it is known). */
function sameOrigin(a: string, b: string, pageOrigin: string | undefined): boolean {
  const resolve = (origin: string) => (origin === '' ? (pageOrigin ?? '') : origin).toLowerCase();
  return resolve(a) === resolve(b);
}

/**
 * `uri` under the latest token when it is a signed media URL of the same origin under another
 * token; anything else (other origins, non-media or public URLs, the latest token) is returned
 * as it is. The URI keeps its own form (absolute or origin-relative) and its file part.
 */
export function rewriteToLatest(uri: string, latestPrefix: string, pageOrigin?: string): string {
  const from = partsOf(uri);
  const to = partsOf(latestPrefix);
  if (!from || !to || from.token === to.token) return uri;
  if (!sameOrigin(from.origin, to.origin, pageOrigin)) return uri;
  return `${from.origin}/media/${to.token}/${from.rest}`;
}

/** A signed URL with its token blanked out: what stays the same when the URL is renewed. */
function withoutToken(url: string): string {
  const parts = partsOf(url);
  return parts ? `${parts.origin}/media/*/${parts.rest}` : url;
}

/**
 * What makes a stream a different one for the player: the files it plays and what the grant
 * lets it see (mode, quality, where a preview ends). A newer Playback with the same key only
 * renews the token, so the player keeps playing; another key loads the new stream.
 */
export function streamKeyOf(playback: Playback): string {
  return [
    playback.mode,
    playback.quality,
    playback.max_seconds ?? 'all',
    withoutToken(playback.dash_url),
    withoutToken(playback.hls_url),
  ].join(' ');
}
