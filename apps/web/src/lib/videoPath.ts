/**
 * The video page of a race, with an optional query. Every link to a video is built here: a
 * race url is the uploader's text, so it is encoded (a '/', '?' or '#' in it would otherwise
 * lead to another page).
 */
export function videoPath(raceUrl: string, query?: URLSearchParams): string {
  const path = `/video/${encodeURIComponent(raceUrl)}`;
  const search = query?.toString() ?? '';
  return search === '' ? path : `${path}?${search}`;
}
