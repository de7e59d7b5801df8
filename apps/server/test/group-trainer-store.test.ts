import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP } from '@ridealong/contracts';
import type { Database } from '../src/db/client.js';
import { eventRiders, groupEvents, races, users } from '../src/db/schema.js';
import type { LiveStore } from '../src/modules/group/live-store.js';
import { memoryLiveStore } from '../src/modules/group/memory-live-store.js';
import { redisLiveStore } from '../src/modules/group/redis-live-store.js';
import { groupService } from '../src/modules/group/service.js';
import { backends, uniqueEmail } from './harness.js';

/**
 * What the group service asks of the live store for trainer states (review finding 4), on a
 * real database and both stores: a join that reports a state writes it with its presence in
 * one touch (one Redis round trip), and a room state reads the states of the riders it lists
 * (at most GROUP.roomListMax), not of every rider present.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: the Redis live store is not tested.');
const silent = { warn: () => undefined };
const stores: { name: string; open: () => Promise<LiveStore> }[] = [
  { name: 'memory', open: async () => memoryLiveStore() },
  ...(redisUrl
    ? [
        {
          name: 'Redis',
          open: () =>
            redisLiveStore(redisUrl, silent, `test:trainers:${randomBytes(4).toString('hex')}:`),
        },
      ]
    : []),
];
const [pglite] = backends;
if (!pglite) throw new Error('no PGlite backend');

/** The store, counting the calls the service makes. */
function spied(store: LiveStore) {
  const calls = { touch: [] as unknown[][], trainers: [] as number[][] };
  const live: LiveStore = {
    ...store,
    touch: (...args) => {
      calls.touch.push(args);
      return store.touch(...args);
    },
    trainers: (eventId, ids) => {
      calls.trainers.push([...ids]);
      return store.trainers(eventId, ids);
    },
  };
  return { live, calls };
}

describe.each(stores)('trainer states through the group service on the $name store', (kind) => {
  let database: Database & { drop: () => Promise<void> };
  let store: LiveStore;
  let raceId = 0;

  beforeAll(async () => {
    database = await (pglite as NonNullable<typeof pglite>).open();
    store = await kind.open();
    const [race] = await database.db
      .insert(races)
      .values({
        url: `v-${randomBytes(6).toString('hex')}`,
        title: 'Trainer ride',
        userId: await user('Owner'),
        duration: 120,
        status: 'ready',
      })
      .returning();
    raceId = race?.id ?? 0;
  });
  afterAll(async () => {
    await store.close();
    await database.close();
    await database.drop();
  });

  async function user(name: string): Promise<number> {
    const [row] = await database.db
      .insert(users)
      .values({ email: uniqueEmail(name.toLowerCase()), username: name, displayName: name })
      .returning({ id: users.id });
    if (!row) throw new Error('no user');
    return row.id;
  }
  async function event(): Promise<{ id: number; host: number }> {
    const host = await user('Host');
    const [row] = await database.db
      .insert(groupEvents)
      .values({
        hostUserId: host,
        raceId,
        raceUrl: 'trainer-ride',
        title: 'Trainer ride',
        hostDisplayName: 'Host',
      })
      .returning();
    if (!row) throw new Error('no event');
    return { id: row.id, host };
  }
  const named = (id: number) => ({ id, display_name: 'Rider', photo_url: null });

  it('writes a join’s reported state with its presence, in one touch', async () => {
    const { live, calls } = spied(store);
    const service = groupService(database.db, live);
    const e = await event();
    const rider = await user('Rider');
    await service.join(named(rider), e.id, true);
    expect(calls.touch).toEqual([[e.id, rider, expect.any(Number), true]]);
    // Joining again (another tab, a reconnect) takes the short way: one touch too.
    await service.join(named(rider), e.id, false);
    expect(calls.touch).toHaveLength(2);
    expect(calls.touch[1]?.[3]).toBe(false);
    expect(calls.trainers).toEqual([]);
    const state = await service.check(e.id);
    expect(state.members).toEqual([{ ...named(rider), trainer_connected: false }]);
  });

  it('reads the states of the listed riders only, however many are present', async () => {
    const { live, calls } = spied(store);
    const service = groupService(database.db, live);
    const e = await event();
    const riders: number[] = [];
    for (let i = 0; i < GROUP.roomListMax + 10; i += 1) riders.push(await user(`R${i}`));
    const joinedAt = Date.now();
    await database.db
      .insert(eventRiders)
      .values(
        riders.map((userId, i) => ({ eventId: e.id, userId, joinedAt: new Date(joinedAt + i) })),
      );
    for (const [i, id] of riders.entries()) await store.touch(e.id, id, Date.now(), i % 2 === 0);
    const state = await service.check(e.id);
    expect(state.present).toBe(riders.length);
    expect(state.members.map((m) => m.id)).toEqual(riders.slice(0, GROUP.roomListMax));
    expect(calls.trainers).toEqual([riders.slice(0, GROUP.roomListMax)]);
    expect(state.members.map((m) => m.trainer_connected)).toEqual(
      riders.slice(0, GROUP.roomListMax).map((_, i) => i % 2 === 0),
    );
  });
});
