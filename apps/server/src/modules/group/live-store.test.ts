import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { GroupPoint } from '@ridealong/contracts';
import { LIVE_TTL_MS, type LiveStore } from './live-store.js';
import { memoryLiveStore } from './memory-live-store.js';
import { redisLiveStore } from './redis-live-store.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: the Redis live store is not tested.');

const silent = { warn: () => undefined };
const member = (id: number) => ({ id, display_name: `M${id}`, photo_url: null });
const point = (accumulated_power: number): GroupPoint => ({
  elapsed_time: 3,
  accumulated_power,
  power: 100,
  heart_rate: 0,
  cadence: 0,
  distance: 0,
});

/** What every live store does, whichever holds it. */
function behavesAsALiveStore(open: () => Promise<LiveStore>) {
  const stores: LiveStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  const opened = async () => {
    const store = await open();
    stores.push(store);
    return store;
  };

  it('knows who was heard from since a moment, per event', async () => {
    const store = await opened();
    const now = Date.now();
    await store.touch(1, 10, now - 20_000);
    await store.touch(1, 11, now - 1000);
    await store.touch(2, 12, now);
    expect((await store.present(1, now - 10_000)).sort()).toEqual([11]);
    expect((await store.present(1, now - 30_000)).sort()).toEqual([10, 11]);
    // An older touch (from a slower process) does not move a member back.
    await store.touch(1, 11, now - 50_000);
    expect(await store.present(1, now - 10_000)).toEqual([11]);
    expect(await store.present(3, 0)).toEqual([]);
  });

  it('keeps each member’s latest point, and forgets a member or a whole event', async () => {
    const store = await opened();
    const now = Date.now();
    await store.setPoint(5, member(1), point(100));
    await store.setPoint(5, member(1), point(200));
    await store.setPoint(5, member(2), point(50));
    await store.touch(5, 1, now);
    await store.touch(5, 2, now);
    const byId = (rows: { member: { id: number } }[]) =>
      [...rows].sort((a, b) => a.member.id - b.member.id);
    expect(byId(await store.points(5))).toEqual([
      { member: member(1), point: point(200) },
      { member: member(2), point: point(50) },
    ]);
    await store.forget(5, 2);
    expect(await store.points(5)).toEqual([{ member: member(1), point: point(200) }]);
    expect(await store.present(5, now - 1000)).toEqual([1]);
    await store.drop(5);
    expect(await store.points(5)).toEqual([]);
    expect(await store.present(5, 0)).toEqual([]);
  });

  it('keeps each reported trainer state, leaves unreported members out, and forgets them', async () => {
    const store = await opened();
    const now = Date.now();
    await store.touch(7, 1, now, true);
    await store.touch(7, 2, now, false);
    // A client that never reports (a v1 desktop app) is present but has no state.
    await store.touch(7, 3, now);
    // A pulse without a state keeps the last one reported.
    await store.touch(7, 1, now + 1);
    expect(await store.trainers(7, [1, 2, 3, 4])).toEqual(
      new Map([
        [1, true],
        [2, false],
      ]),
    );
    // Only the members asked for (the room state's listed riders) are read.
    expect(await store.trainers(7, [2])).toEqual(new Map([[2, false]]));
    expect(await store.trainers(7, [])).toEqual(new Map());
    await store.touch(7, 2, now + 2, true);
    expect((await store.trainers(7, [2])).get(2)).toBe(true);
    await store.forget(7, 1);
    expect([...(await store.trainers(7, [1, 2])).keys()]).toEqual([2]);
    await store.drop(7);
    expect(await store.trainers(7, [1, 2])).toEqual(new Map());
  });

  it('keeps a trainer state exactly as long as its member’s presence entry', async () => {
    const store = await opened();
    const t = Date.now();
    const ttl = LIVE_TTL_MS.presence;
    await store.touch(8, 1, t, true);
    await store.touch(8, 3, t, false);
    // Another rider's touch within the TTL keeps both states.
    await store.touch(8, 2, t + ttl, false);
    expect(await store.trainers(8, [1, 2, 3])).toEqual(
      new Map([
        [1, true],
        [2, false],
        [3, false],
      ]),
    );
    // Once older than the TTL at another rider's touch, presence and state go together.
    await store.touch(8, 2, t + ttl + 1);
    expect(await store.trainers(8, [1, 2, 3])).toEqual(new Map([[2, false]]));
    expect(await store.present(8, 0)).toEqual([2]);
    // Rider 1 back from a client that does not report (v1): 'not reported', not a stale 'on'.
    await store.touch(8, 1, t + ttl + 2);
    expect((await store.trainers(8, [1])).has(1)).toBe(false);
  });

  it('trims a state touched out of order (a slower process’s touch) like any other', async () => {
    const store = await opened();
    const t = Date.now();
    await store.touch(12, 1, t + 5);
    await store.touch(12, 2, t, true);
    await store.touch(12, 3, t + LIVE_TTL_MS.presence + 1, false);
    expect(await store.trainers(12, [1, 2, 3])).toEqual(new Map([[3, false]]));
  });

  it('forgets a rider’s own stale state when they come back to a silent event', async () => {
    const store = await opened();
    const t = Date.now();
    await store.touch(11, 1, t, true);
    // Nobody else touched meanwhile: their own return trims their old entry first.
    await store.touch(11, 1, t + LIVE_TTL_MS.presence + 1);
    expect(await store.trainers(11, [1])).toEqual(new Map());
    await store.touch(11, 1, t + LIVE_TTL_MS.presence + 2, false);
    expect(await store.trainers(11, [1])).toEqual(new Map([[1, false]]));
  });
}

describe('the memory live store', () => {
  behavesAsALiveStore(async () => memoryLiveStore());

  it('forgets an event nobody wrote to for the points TTL', async () => {
    let now = 1_000_000;
    const store = memoryLiveStore(() => now);
    await store.setPoint(1, member(1), point(10));
    await store.touch(2, 1, now);
    now += LIVE_TTL_MS.presence + 1;
    // Any write prunes: presence past its TTL is gone, the points are still kept.
    await store.touch(3, 1, now);
    expect(await store.present(2, 0)).toEqual([]);
    expect(await store.points(1)).toHaveLength(1);
    now += LIVE_TTL_MS.points + 1;
    await store.touch(3, 1, now);
    expect(await store.points(1)).toEqual([]);
  });
});

// Registered only with the service: a skipped test would count as failed.
if (redisUrl) {
  describe('the Redis live store (TEST_REDIS_URL)', () => {
    const prefix = `test:group:${randomBytes(4).toString('hex')}:`;
    behavesAsALiveStore(() => redisLiveStore(redisUrl ?? '', silent, prefix));

    it('gives every key a TTL, so nothing stays when nobody drops it', async () => {
      const store = await redisLiveStore(redisUrl ?? '', silent, prefix);
      const redis = new Redis(redisUrl ?? '');
      try {
        await store.touch(9, 1, Date.now(), true);
        // A touch without a report renews the states with the presence (they go together).
        await redis.pexpire(`${prefix}{9}:trainers`, 1000);
        await store.touch(9, 2, Date.now());
        await store.setPoint(9, member(1), point(1));
        const seen = await redis.pttl(`${prefix}{9}:seen`);
        const trainers = await redis.pttl(`${prefix}{9}:trainers`);
        expect(trainers).toBeGreaterThan(1000);
        expect(trainers).toBeLessThanOrEqual(LIVE_TTL_MS.presence);
        const points = await redis.pttl(`${prefix}{9}:points`);
        expect(seen).toBeGreaterThan(0);
        expect(seen).toBeLessThanOrEqual(LIVE_TTL_MS.presence);
        expect(points).toBeGreaterThan(LIVE_TTL_MS.presence);
        expect(points).toBeLessThanOrEqual(LIVE_TTL_MS.points);
        // A value this module did not write is skipped, not fatal.
        await redis.hset(`${prefix}{9}:points`, '2', 'not json');
        expect(await store.points(9)).toHaveLength(1);
        await store.drop(9);
        expect(
          await redis.exists(`${prefix}{9}:seen`, `${prefix}{9}:points`, `${prefix}{9}:trainers`),
        ).toBe(0);
      } finally {
        await store.close();
        redis.disconnect();
      }
    });
  });
}
