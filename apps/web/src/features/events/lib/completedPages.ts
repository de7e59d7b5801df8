import { GROUP } from '@ridealong/contracts';

/** The query of GET /event/completed-page for the page starting at `start`. */
export function completedPageQuery(start: number, pageSize: number = GROUP.completedPageSize) {
  return { start, paginate: pageSize };
}

/**
 * Where the next page of completed events starts (document 001 section 9: the first at 0, the
 * next from 10), or undefined once the offset reaches the completed count. It moves by the page
 * size, not by the rows received, so a short page cannot make it loop.
 */
export function nextCompletedStart(
  start: number,
  count: number,
  pageSize: number = GROUP.completedPageSize,
): number | undefined {
  const next = start + pageSize;
  return next < count ? next : undefined;
}

/**
 * How long to wait before the next load so that loads are at least `gap` apart (section 9's
 * 3 s), counted from the last one that finished, whether it brought a page or failed.
 */
export function completedLoadWaitMs(
  lastLoadAt: number,
  now: number,
  gap: number = GROUP.completedLoadDelayMs,
): number {
  return Math.max(0, lastLoadAt + gap - now);
}
