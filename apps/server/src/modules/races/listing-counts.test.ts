import { describe, expect, it } from 'vitest';
import { listingCounts } from './listing-counts.js';

function setup() {
  let t = 0;
  const cache = listingCounts({
    freshMs: 10,
    maxAgeMs: 100,
    minCached: 1000,
    maxEntries: 2,
    now: () => t,
  });
  let calls = 0;
  let value = 5000;
  const count = async () => {
    calls++;
    return value;
  };
  return {
    cache,
    count,
    calls: () => calls,
    set: (v: number) => (value = v),
    tick: (ms: number) => (t += ms),
  };
}

describe('listingCounts', () => {
  it('keeps large totals while fresh', async () => {
    const c = setup();
    expect(await c.cache.get('k', c.count)).toBe(5000);
    c.set(6000);
    c.tick(9);
    expect(await c.cache.get('k', c.count)).toBe(5000);
    expect(c.calls()).toBe(1);
  });

  it('never keeps small totals', async () => {
    const c = setup();
    c.set(999);
    await c.cache.get('k', c.count);
    await c.cache.get('k', c.count);
    expect(c.calls()).toBe(2);
  });

  it('serves a stale total once while recounting, then the new one', async () => {
    const c = setup();
    await c.cache.get('k', c.count);
    c.set(7000);
    c.tick(50);
    expect(await c.cache.get('k', c.count)).toBe(5000);
    await Promise.resolve();
    await Promise.resolve();
    expect(await c.cache.get('k', c.count)).toBe(7000);
    expect(c.calls()).toBe(2);
  });

  it('counts again once too old', async () => {
    const c = setup();
    await c.cache.get('k', c.count);
    c.set(8000);
    c.tick(100);
    expect(await c.cache.get('k', c.count)).toBe(8000);
  });

  it('forgets everything on invalidate, including counts begun before it', async () => {
    const c = setup();
    await c.cache.get('k', c.count);
    c.set(9000);
    c.cache.invalidate();
    expect(await c.cache.get('k', c.count)).toBe(9000);

    let release: (v: number) => void = () => undefined;
    const slow = () => new Promise<number>((r) => (release = r));
    const c2 = setup();
    const early = c2.cache.get('x', slow);
    c2.cache.invalidate();
    release(1234);
    expect(await early).toBe(1234);
    c2.set(4321);
    expect(await c2.cache.get('x', c2.count)).toBe(4321);
  });

  it('shares one count between simultaneous misses and bounds its size', async () => {
    const c = setup();
    const [a, b] = await Promise.all([c.cache.get('k', c.count), c.cache.get('k', c.count)]);
    expect([a, b, c.calls()]).toEqual([5000, 5000, 1]);
    await c.cache.get('k2', c.count);
    await c.cache.get('k3', c.count);
    await c.cache.get('k', c.count);
    expect(c.calls()).toBe(4);
  });
});
