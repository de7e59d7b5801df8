import { describe, expect, it } from 'vitest';
import { DESKTOP_PAGER, MOBILE_PAGER, pageCount, pagerItems, type PagerItem } from './pager';

/** Compact view: numbers for pages, '…' for gaps. */
const view = (items: PagerItem[]) => items.map((i) => (i.kind === 'page' ? i.page : '…'));

describe('page count', () => {
  it.each([
    [0, 1],
    [1, 1],
    [12, 1],
    [13, 2],
    [120, 10],
    [121, 11],
  ])('%d videos make %d pages of 12', (total, pages) => {
    expect(pageCount(total, 12)).toBe(pages);
  });
});

describe('desktop pager (margin 2, range 5)', () => {
  it('shows every page when they fit', () => {
    expect(view(pagerItems(1, 1, DESKTOP_PAGER))).toEqual([1]);
    expect(view(pagerItems(3, 9, DESKTOP_PAGER))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps a window of 5 around the current page with 2 pages at each end', () => {
    expect(view(pagerItems(10, 20, DESKTOP_PAGER))).toEqual([
      1,
      2,
      '…',
      8,
      9,
      10,
      11,
      12,
      '…',
      19,
      20,
    ]);
  });

  it('slides the window inwards at the ends', () => {
    expect(view(pagerItems(1, 20, DESKTOP_PAGER))).toEqual([1, 2, 3, 4, 5, '…', 19, 20]);
    expect(view(pagerItems(20, 20, DESKTOP_PAGER))).toEqual([1, 2, '…', 16, 17, 18, 19, 20]);
  });

  it('shows a single skipped page instead of a gap', () => {
    expect(view(pagerItems(6, 20, DESKTOP_PAGER))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, '…', 19, 20]);
  });

  it('clamps a current page outside the range', () => {
    expect(view(pagerItems(99, 12, DESKTOP_PAGER))).toEqual([1, 2, '…', 8, 9, 10, 11, 12]);
    expect(view(pagerItems(0, 12, DESKTOP_PAGER))).toEqual([1, 2, 3, 4, 5, '…', 11, 12]);
  });
});

describe('mobile pager (margin 1, range 2)', () => {
  it('shows the first, the current and next, and the last page', () => {
    expect(view(pagerItems(10, 20, MOBILE_PAGER))).toEqual([1, '…', 10, 11, '…', 20]);
    expect(view(pagerItems(1, 20, MOBILE_PAGER))).toEqual([1, 2, '…', 20]);
    expect(view(pagerItems(20, 20, MOBILE_PAGER))).toEqual([1, '…', 19, 20]);
  });

  it('labels the arrows < and > (desktop: Previous and Next)', () => {
    expect([MOBILE_PAGER.previous, MOBILE_PAGER.next]).toEqual(['<', '>']);
    expect([DESKTOP_PAGER.previous, DESKTOP_PAGER.next]).toEqual(['Previous', 'Next']);
  });
});
