/**
 * The videos list pager (document 001, /videos): 2 margin pages and a window of 5 on desktop,
 * 1 and 2 on mobile, with ellipses for the pages left out.
 */

export type PagerLayout = { margin: number; range: number; previous: string; next: string };

export const DESKTOP_PAGER: PagerLayout = {
  margin: 2,
  range: 5,
  previous: 'Previous',
  next: 'Next',
};
export const MOBILE_PAGER: PagerLayout = { margin: 1, range: 2, previous: '<', next: '>' };

export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; after: number };

/** Pages needed for `totalCount` items (at least 1, so an empty list still has page 1). */
export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, totalCount) / Math.max(1, pageSize)));
}

/**
 * The page buttons for `current` of `total` (1-based): the first and last `margin` pages, a
 * window of `range` pages around the current one (slid inwards at the ends), and a gap marker
 * where pages are skipped. A gap that would hide a single page shows that page instead, and
 * when all pages fit in that many slots they are all shown.
 */
export function pagerItems(
  current: number,
  total: number,
  { margin, range }: Pick<PagerLayout, 'margin' | 'range'>,
): PagerItem[] {
  const last = Math.max(1, total);
  const page = Math.min(Math.max(1, current), last);
  // When every page fits in the slots the margins and window take, gaps would only hide pages.
  if (last <= range + 2 * margin) {
    return Array.from({ length: last }, (_, i) => ({ kind: 'page', page: i + 1 }));
  }
  const shown = new Set<number>();
  let start = page - Math.floor((range - 1) / 2);
  let end = start + range - 1;
  if (start < 1) {
    end += 1 - start;
    start = 1;
  }
  if (end > last) {
    start = Math.max(1, start - (end - last));
    end = last;
  }
  for (let p = start; p <= end; p += 1) shown.add(p);
  for (let p = 1; p <= Math.min(margin, last); p += 1) shown.add(p);
  for (let p = Math.max(1, last - margin + 1); p <= last; p += 1) shown.add(p);

  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  pages.forEach((p, i) => {
    const prev = pages[i - 1];
    if (prev !== undefined && p - prev === 2) items.push({ kind: 'page', page: p - 1 });
    else if (prev !== undefined && p - prev > 2) items.push({ kind: 'gap', after: prev });
    items.push({ kind: 'page', page: p });
  });
  return items;
}
