import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergePastPages, nextPastStart, pastPageQuery, wait } from './pastPages';
import { fixtureChallenge } from './testFixtures';

describe('pastPageQuery', () => {
  it('asks for pages of 6 with the member id, and none for a guest', () => {
    expect(pastPageQuery(6, '7')).toEqual({ user_id: '7', start: 6, paginate: 6 });
    expect(pastPageQuery(0, '')).toEqual({ user_id: undefined, start: 0, paginate: 6 });
  });
});

describe('nextPastStart', () => {
  it('moves on by the rows received until start + rows reaches the count', () => {
    expect(nextPastStart(0, 6, 15)).toBe(6);
    expect(nextPastStart(6, 6, 15)).toBe(12);
    expect(nextPastStart(12, 3, 15)).toBeUndefined();
    expect(nextPastStart(0, 6, 6)).toBeUndefined();
  });

  it('stops on an empty page or a count of 0', () => {
    expect(nextPastStart(6, 0, 15)).toBeUndefined();
    expect(nextPastStart(0, 0, 0)).toBeUndefined();
  });
});

describe('mergePastPages', () => {
  it('lists each challenge once, in page order', () => {
    const pages = [
      { rows: [fixtureChallenge(1), fixtureChallenge(2)] },
      { rows: [fixtureChallenge(2), fixtureChallenge(3)] },
    ];
    expect(mergePastPages(pages).map((c) => c.id)).toEqual([1, 2, 3]);
  });
});

describe('wait', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves after the delay', async () => {
    vi.useFakeTimers();
    let done = false;
    void wait(500).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('rejects when cancelled', async () => {
    const controller = new AbortController();
    const waiting = wait(500, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });
});
