import { describe, expect, it } from 'vitest';
import { localBus } from '../../realtime/inter-server-bus.js';
import { adsCache } from './cache.js';
import type { ServeableAd } from './rules.js';

const silent = { error: () => undefined, warn: () => undefined };
const ad = (id: number): ServeableAd => ({
  id,
  title: 't',
  linkUrl: 'https://example.com',
  slot: 'home',
  imageUrl: '/x.png',
  startsAt: new Date(0),
  endsAt: null,
  weight: 1,
});

describe('adsCache', () => {
  it("reloads on 'ads-changed', and a change during a load gets one more load", async () => {
    const bus = localBus(silent);
    let version = 1;
    let loads = 0;
    let release: () => void = () => undefined;
    const cache = adsCache({
      interServer: bus,
      log: silent,
      load: async () => {
        loads += 1;
        const seen = version;
        if (loads === 2) await new Promise<void>((r) => (release = r));
        return [ad(seen)];
      },
    });
    await cache.start();
    expect(cache.all().map((a) => a.id)).toEqual([1]);

    bus.publish('ads-changed', { at: 1 });
    // A second change lands while the second load is still reading.
    version = 2;
    const after = cache.reload();
    const alsoAfter = cache.reload();
    release();
    await Promise.all([after, alsoAfter]);
    expect(loads).toBe(3);
    expect(cache.find(2)?.id).toBe(2);
    await cache.stop();
    bus.publish('ads-changed', { at: 2 });
    expect(loads).toBe(3);
  });
});
