import { describe, expect, it } from 'vitest';
import { GROUP } from '@ridealong/contracts';
import { completedLoadWaitMs, completedPageQuery, nextCompletedStart } from './completedPages';

describe('completedPageQuery', () => {
  it('asks for pages of 10 from the given offset', () => {
    expect(GROUP.completedPageSize).toBe(10);
    expect(completedPageQuery(0)).toEqual({ start: 0, paginate: 10 });
    expect(completedPageQuery(10)).toEqual({ start: 10, paginate: 10 });
  });
});

describe('nextCompletedStart', () => {
  it('goes on from 10 after the first page at 0', () => {
    expect(nextCompletedStart(0, 25)).toBe(10);
    expect(nextCompletedStart(10, 25)).toBe(20);
  });

  it('stops once the offset reaches the completed count', () => {
    expect(nextCompletedStart(20, 25)).toBeUndefined();
    expect(nextCompletedStart(10, 20)).toBeUndefined();
    expect(nextCompletedStart(0, 10)).toBeUndefined();
    expect(nextCompletedStart(0, 3)).toBeUndefined();
  });

  it('walks 0, 10, 20 for 21 completed events', () => {
    const starts: number[] = [];
    for (let s: number | undefined = 0; s !== undefined; s = nextCompletedStart(s, 21)) {
      starts.push(s);
    }
    expect(starts).toEqual([0, 10, 20]);
  });
});

describe('completedLoadWaitMs', () => {
  it('keeps loads at least 3 s apart', () => {
    expect(GROUP.completedLoadDelayMs).toBe(3000);
    expect(completedLoadWaitMs(1000, 1000)).toBe(3000);
    expect(completedLoadWaitMs(1000, 2500)).toBe(1500);
  });

  it('does not wait once the gap has passed', () => {
    expect(completedLoadWaitMs(1000, 4000)).toBe(0);
    expect(completedLoadWaitMs(1000, 60_000)).toBe(0);
  });
});
