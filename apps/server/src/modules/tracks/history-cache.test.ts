import { describe, expect, it } from 'vitest';
import { historyCache } from './history-cache.js';
import type { HistoryRepository } from './history-repository.js';

/** One video's saved rides in memory, behind the repository's interface. */
function fakeHistory() {
  const rides = new Map<number, { first: number; sums: number[]; seq: number }>();
  const version = { saved: 0, removed: 0 };
  const calls = { sumsAt: 0, version: 0 };
  let hold: Promise<void> | null = null;
  const sumAt = (r: { first: number; sums: number[] }, t: number) => r.sums[t - r.first];
  const last = (r: { first: number; sums: number[] }) => r.first + r.sums.length - 1;
  const row = (trackId: number, sum: number) => ({
    trackId,
    sum,
    power: 1,
    heartRate: 2,
    cadence: 3,
    distance: 4,
  });
  const repo: HistoryRepository = {
    version: async () => {
      calls.version += 1;
      return { ...version };
    },
    rides: async (_raceId, after) =>
      [...rides]
        .filter(([, r]) => after === null || r.seq > after)
        .map(([trackId, r]) => ({
          trackId,
          last: last(r),
          finalSum: r.sums.at(-1) ?? 0,
          final: row(trackId, r.sums.at(-1) ?? 0),
          seq: r.seq,
          userId: trackId,
          username: `r${trackId}`,
          url: 'v',
        })),
    rowsAt: async (_raceId, t) => {
      calls.sumsAt += 1;
      const rows = [...rides]
        .map(([trackId, r]) => ({ trackId, sum: sumAt(r, t) }))
        .filter((r): r is { trackId: number; sum: number } => r.sum !== undefined)
        .sort((a, b) => b.sum - a.sum || a.trackId - b.trackId)
        .map((r) => row(r.trackId, r.sum));
      if (hold) await hold;
      return rows;
    },
    rowsOf: async (ids, seconds) =>
      ids.flatMap((trackId) =>
        seconds.flatMap((second) => {
          const r = rides.get(trackId);
          const sum = r && sumAt(r, second);
          return sum === undefined ? [] : [{ ...row(trackId, sum), second }];
        }),
      ),
  };
  return {
    repo,
    calls,
    /** A ride saved now: `sums` from second `first` on. */
    save(trackId: number, first: number, sums: number[]) {
      version.saved += 1;
      rides.set(trackId, { first, sums, seq: version.saved });
    },
    remove(trackId: number) {
      rides.delete(trackId);
      version.removed += 1;
    },
    holdBuilds() {
      let release = () => undefined as void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

const order = async (cache: ReturnType<typeof historyCache>, t: number) => {
  const view = await cache.at(1, t);
  return Array.from({ length: view.standings.length }, (_, i) => view.standings.trackAt(i));
};

describe('historyCache', () => {
  it('builds a second once for every rider, with the rides that had ended by then', async () => {
    const h = fakeHistory();
    h.save(1, 0, [100, 200, 300, 400]);
    h.save(2, 0, [150, 250]);
    h.save(3, 2, [50, 60]); // started at second 2
    const cache = historyCache(h.repo, { readAhead: 0 });
    const views = await Promise.all([1, 2, 3, 4, 5].map(() => cache.at(1, 3)));
    expect(h.calls.sumsAt).toBe(1);
    expect(new Set(views.map((v) => v.standings))).toHaveProperty('size', 1);
    expect(await order(cache, 3)).toEqual([1, 2, 3]); // 400, 250 (ended), 60
    expect(await order(cache, 1)).toEqual([2, 1]);
    const view = await cache.at(1, 3);
    expect(view.ride(2)).toMatchObject({ last: 1, finalSum: 250, username: 'r2' });
    expect(view.standings.rowAt(1)).toEqual({
      trackId: 2,
      sum: 250,
      power: 1,
      heartRate: 2,
      cadence: 3,
      distance: 4,
    });
    expect(await view.sumOf(2)).toBe(250);
    expect(await view.sumOf(3)).toBe(60);
  });

  it('merges a ride saved later into the cached seconds once the version is read', async () => {
    const h = fakeHistory();
    h.save(1, 0, [100, 200, 300]);
    let now = 0;
    const cache = historyCache(h.repo, { readAhead: 0, versionTtlMs: 1000, now: () => now });
    expect(await order(cache, 2)).toEqual([1]);
    h.save(2, 0, [500, 600, 700]);
    h.save(3, 0, [10]);
    now = 999;
    expect(await order(cache, 2)).toEqual([1]); // the version is not a second old yet
    now = 1000;
    expect(await order(cache, 2)).toEqual([2, 1, 3]);
    expect(h.calls.sumsAt).toBe(1);
  });

  it('starts a video again when a saved ride is deleted', async () => {
    const h = fakeHistory();
    h.save(1, 0, [100]);
    h.save(2, 0, [200]);
    let now = 0;
    const cache = historyCache(h.repo, { readAhead: 0, now: () => now });
    expect(await order(cache, 0)).toEqual([2, 1]);
    h.remove(2);
    now = 5000;
    expect(await order(cache, 0)).toEqual([1]);
    expect(h.calls.sumsAt).toBe(2);
  });

  it('adds a ride saved while a second was being built', async () => {
    const h = fakeHistory();
    h.save(1, 0, [100, 200]);
    let now = 0;
    const cache = historyCache(h.repo, { readAhead: 0, now: () => now });
    await cache.at(1, 0);
    const release = h.holdBuilds();
    const building = cache.at(1, 1);
    await Promise.resolve();
    h.save(2, 0, [300, 400]);
    now = 2000;
    await cache.at(1, 0); // reads the version: ride 2 joins the table mid-build
    release();
    const view = await building;
    expect(view.standings.length).toBe(2);
    expect(await order(cache, 1)).toEqual([2, 1]);
  });

  it('keeps to its memory budget, least recently used out first', async () => {
    const h = fakeHistory();
    for (let id = 1; id <= 50; id++)
      h.save(
        id,
        0,
        Array.from({ length: 100 }, (_, s) => s * id),
      );
    // The ride table (300 bytes a ride) and three seconds (57 places of 36 bytes each).
    const budgetBytes = 50 * 300 + 3 * 57 * 36;
    const cache = historyCache(h.repo, { readAhead: 0, budgetBytes });
    for (let t = 0; t < 20; t++) await cache.at(1, t);
    expect(cache.stats().seconds).toBe(3);
    expect(cache.stats().bytes).toBeLessThanOrEqual(budgetBytes);
    expect(await order(cache, 19)).toHaveLength(50); // the newest is still there
    expect(cache.stats().built).toBe(20);
  });

  it('builds the next seconds ahead of the riders', async () => {
    const h = fakeHistory();
    h.save(1, 0, [1, 2, 3, 4, 5]);
    const cache = historyCache(h.repo, { readAhead: 2 });
    await cache.at(1, 0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cache.stats().seconds).toBe(3);
    await cache.at(1, 1); // cached; second 3 is now read ahead
    expect(h.calls.sumsAt).toBe(4);
  });

  it('peek: answers from memory only a video riders keep asking, never older than the database', async () => {
    const h = fakeHistory();
    h.save(1, 0, [10, 20, 30]);
    h.save(2, 0, [15, 25, 35]);
    const cache = historyCache(h.repo, { readAhead: 0, warmAfter: 3 });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    // The first askers get nothing from memory (they read the standings): no O(rides) wait.
    expect(await cache.peek(1, 1)).toBeNull();
    expect(await cache.peek(1, 1)).toBeNull();
    expect(h.calls.sumsAt).toBe(0);
    expect(await cache.peek(1, 1)).toBeNull(); // the third ask builds in the background
    await settle();
    expect(h.calls.sumsAt).toBe(1);
    const warm = await cache.peek(1, 1);
    expect(warm?.standings.length).toBe(2);
    expect(warm?.standings.trackAt(0)).toBe(2);

    // A ride saved elsewhere: the next ask sees the new version and is not answered from the
    // old standings; the save is merged in the background and then served from memory.
    h.save(3, 0, [50, 60, 70]);
    expect(await cache.peek(1, 1)).toBeNull();
    await settle();
    const merged = await cache.peek(1, 1);
    expect(merged?.standings.length).toBe(3);
    expect(merged?.standings.trackAt(0)).toBe(3);

    // A removal drops the video from memory at once.
    h.remove(3);
    expect(await cache.peek(1, 1)).toBeNull();
    await settle();
    expect(await cache.peek(1, 1)).toBeNull();
  });

  it('peek: a video with more rides than it may build while asked builds the next second instead', async () => {
    const h = fakeHistory();
    h.save(1, 0, [10, 20, 30, 40]);
    h.save(2, 0, [15, 25, 35, 45]);
    const cache = historyCache(h.repo, { readAhead: 0, warmAfter: 1, buildWhileAskedRides: 1 });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    expect(await cache.peek(1, 1)).toBeNull(); // loads the video in the background
    await settle();
    const builds = h.calls.sumsAt;
    expect(await cache.peek(1, 2)).toBeNull(); // second 2 is not built while the rider waits
    expect(h.calls.sumsAt).toBe(builds);
    await settle();
    expect(h.calls.sumsAt).toBe(builds + 1); // second 3, where the rider asks next
    expect((await cache.peek(1, 3))?.standings.trackAt(0)).toBe(2);
  });
});
