import { ACTIVITIES_PAGE_SIZE, type Track } from '@ridealong/contracts';

/** The [start, end) window of one page of GET /tracks/index. */
export function tracksPageRange(start: number, pageSize: number = ACTIVITIES_PAGE_SIZE) {
  return { start, end: start + pageSize };
}

/**
 * Where the next page starts, or undefined once every saved track is loaded. The offset moves
 * by the page size so a short page (rows deleted meanwhile) cannot make it loop.
 */
export function nextTracksStart(
  start: number,
  count: number,
  pageSize: number = ACTIVITIES_PAGE_SIZE,
): number | undefined {
  const next = start + pageSize;
  return next < count ? next : undefined;
}

/**
 * The loaded pages as one list. A ride saved while scrolling shifts the newest-first pages by
 * one, so a track can arrive twice: each is listed once.
 */
export function mergeTrackPages(pages: ReadonlyArray<{ rows: Track[] }>): Track[] {
  const seen = new Set<number>();
  const tracks: Track[] = [];
  for (const page of pages) {
    for (const row of page.rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      tracks.push(row);
    }
  }
  return tracks;
}
