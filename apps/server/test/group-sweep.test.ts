import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP } from '@ridealong/contracts';
import type { Database } from '../src/db/client.js';
import { eventRiders, groupEvents, races, users } from '../src/db/schema.js';
import { memoryLiveStore } from '../src/modules/group/memory-live-store.js';
import { groupSweep } from '../src/modules/group/sweep.js';
import { cancelEvent, completeEvent, startEvent } from '../src/modules/group/transitions.js';
import { backends, uniqueEmail } from './harness.js';

/**
 * The worker's sweep and the status transitions on a real database, driven with a clock of
 * the test's own (no server, no timers): events end finished, abandoned or canceled exactly
 * once, even with two sweeps (two worker processes) at once.
 */
const silent = { info: () => undefined, error: () => undefined };
const T0 = Date.parse('2030-05-01T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe.each(backends)('the group sweep and transitions on $name', (backend) => {
  let database: Database & { drop: () => Promise<void> };
  let videoId = 0;

  beforeAll(async () => {
    database = await backend.open();
    const owner = await user('Owner');
    const [race] = await database.db
      .insert(races)
      .values({
        url: `v-${randomBytes(6).toString('hex')}`,
        title: 'Sweep ride',
        userId: owner,
        duration: 120,
        status: 'ready',
      })
      .returning();
    videoId = race?.id ?? 0;
  });
  afterAll(async () => {
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

  /** An event of a new host created at T0, with `riders` (the host included) as members. */
  async function event(values: Partial<typeof groupEvents.$inferInsert> = {}) {
    const host = await user('Host');
    const [row] = await database.db
      .insert(groupEvents)
      .values({
        hostUserId: host,
        raceId: videoId,
        raceUrl: 'sweep-ride',
        title: 'Sweep ride',
        hostDisplayName: 'Host',
        createdAt: at(0),
        ...values,
      })
      .returning();
    if (!row) throw new Error('no event');
    await database.db
      .insert(eventRiders)
      .values({ eventId: row.id, userId: host, joinedAt: at(0) });
    return { id: row.id, host };
  }
  const rider = async (eventId: number) => {
    const id = await user('Rider');
    await database.db.insert(eventRiders).values({ eventId, userId: id, joinedAt: at(0) });
    return id;
  };
  const statusOf = async (eventId: number) => {
    const [row] = await database.db
      .select({ status: groupEvents.status, reason: groupEvents.endReason })
      .from(groupEvents)
      .where(eq(groupEvents.id, eventId));
    return row;
  };
  const openRiders = async (eventId: number) =>
    (
      await database.db
        .select({ userId: eventRiders.userId })
        .from(eventRiders)
        .where(and(eq(eventRiders.eventId, eventId), isNull(eventRiders.leftAt)))
    ).map((r) => r.userId);
  /** Clears what earlier tests left open, so each test sees only its own events. */
  const closeAll = () =>
    database.db
      .update(groupEvents)
      .set({ status: 'complete', endReason: 'finished', completedAt: at(0) })
      .where(ne(groupEvents.status, 'complete'));

  it('finishes an in-progress event once its countdown, video and grace are over', async () => {
    await closeAll();
    const live = memoryLiveStore(() => T0);
    const sweep = groupSweep({ db: database.db, live, log: silent, presenceShared: false });
    const e = await event({ status: 'in-progress', timeStart: at(0), duration: 120 });
    const other = await rider(e.id);
    await live.setPoint(
      e.id,
      { id: other, display_name: 'Rider', photo_url: null },
      {
        elapsed_time: 5,
        accumulated_power: 1000,
        power: 200,
        heart_rate: 0,
        cadence: 0,
        distance: 0,
      },
    );
    const over = GROUP.countdownSeconds + 120 + GROUP.finishGraceSeconds;
    expect((await sweep.sweep(at(over - 1))).finished).toEqual([]);
    expect(await statusOf(e.id)).toEqual({ status: 'in-progress', reason: null });
    expect((await sweep.sweep(at(over + 1))).finished).toEqual([e.id]);
    expect(await statusOf(e.id)).toEqual({ status: 'complete', reason: 'finished' });
    expect(await openRiders(e.id)).toEqual([]);
    expect(await live.points(e.id)).toEqual([]);
    // Nothing twice.
    expect((await sweep.sweep(at(over + 60))).finished).toEqual([]);
  });

  it('abandons an event nobody has been present in for the presence timeout', async () => {
    await closeAll();
    const live = memoryLiveStore(() => T0);
    const sweep = groupSweep({ db: database.db, live, log: silent, presenceShared: true });
    const timeout = GROUP.presenceTimeoutMs / 1000;
    const empty = await event();
    const riding = await event({ status: 'in-progress', timeStart: at(0), duration: 600 });
    const r = await rider(riding.id);
    await live.touch(riding.id, riding.host, at(timeout + 3).getTime());
    await live.touch(riding.id, r, at(timeout + 3).getTime());
    // Younger than the timeout: its host may still be connecting.
    expect(await sweep.sweep(at(timeout - 1))).toEqual({
      finished: [],
      abandoned: [],
      canceled: [],
    });
    expect(await sweep.sweep(at(timeout + 5))).toEqual({
      finished: [],
      abandoned: [empty.id],
      canceled: [],
    });
    expect(await statusOf(empty.id)).toEqual({ status: 'complete', reason: 'abandoned' });
    expect(await statusOf(riding.id)).toEqual({ status: 'in-progress', reason: null });
    // Everyone silent for the timeout: abandoned too.
    expect((await sweep.sweep(at(2 * timeout + 4))).abandoned).toEqual([riding.id]);
    expect(await openRiders(riding.id)).toEqual([]);
  });

  it('counts nobody absent until the store has known presence for a timeout (Redis came back)', async () => {
    await closeAll();
    // The store (re)started at 100 s: everything it knew of presence is gone.
    const live = memoryLiveStore(() => at(100).getTime());
    const sweep = groupSweep({ db: database.db, live, log: silent, presenceShared: true });
    const timeout = GROUP.presenceTimeoutMs / 1000;
    const e = await event();
    expect((await sweep.sweep(at(100 + timeout - 1))).abandoned).toEqual([]);
    expect(await statusOf(e.id)).toEqual({ status: 'waiting-room', reason: null });
    expect((await sweep.sweep(at(100 + timeout + 1))).abandoned).toEqual([e.id]);
  });

  it('applies the host rule to a host absent for the presence timeout', async () => {
    await closeAll();
    const live = memoryLiveStore(() => T0);
    const sweep = groupSweep({ db: database.db, live, log: silent, presenceShared: true });
    const now = at(60);
    const seen = now.getTime() - 1000;
    // Waiting room, host gone, a rider waiting: canceled.
    const waiting = await event();
    await live.touch(waiting.id, await rider(waiting.id), seen);
    // Started, host gone, a rider riding: goes on without the host.
    const started = await event({ status: 'in-progress', timeStart: at(30), duration: 600 });
    const stays = await rider(started.id);
    await live.touch(started.id, stays, seen);
    // Started, host present: nothing.
    const hosted = await event({ status: 'in-progress', timeStart: at(30), duration: 600 });
    await live.touch(hosted.id, hosted.host, seen);
    expect(await sweep.sweep(now)).toEqual({ finished: [], abandoned: [], canceled: [waiting.id] });
    expect(await statusOf(waiting.id)).toEqual({ status: 'complete', reason: 'canceled' });
    expect(await statusOf(started.id)).toEqual({ status: 'in-progress', reason: null });
    expect(await openRiders(started.id)).toEqual([stays]);
    expect(await statusOf(hosted.id)).toEqual({ status: 'in-progress', reason: null });
    expect(await openRiders(hosted.id)).toEqual([hosted.host]);
  });

  it('reads no presence where it is not everyone’s (a worker with a memory store)', async () => {
    await closeAll();
    const sweep = groupSweep({
      db: database.db,
      live: memoryLiveStore(() => T0),
      log: silent,
      presenceShared: false,
    });
    const e = await event();
    expect(await sweep.sweep(at(3600))).toEqual({ finished: [], abandoned: [], canceled: [] });
    expect(await statusOf(e.id)).toEqual({ status: 'waiting-room', reason: null });
  });

  it('ends each event once with two sweeps at once (two workers)', async () => {
    await closeAll();
    const live = memoryLiveStore(() => T0);
    const sweeps = [1, 2].map(() =>
      groupSweep({ db: database.db, live, log: silent, presenceShared: true }),
    );
    const events = [];
    for (let i = 0; i < 6; i += 1) {
      events.push(
        await event(i % 2 ? { status: 'in-progress', timeStart: at(0), duration: 10 } : {}),
      );
    }
    const results = await Promise.all(sweeps.map((s) => s.sweep(at(3600))));
    const ended = results.flatMap((r) => [...r.finished, ...r.abandoned, ...r.canceled]);
    expect(ended.sort((a, b) => a - b)).toEqual(events.map((e) => e.id).sort((a, b) => a - b));
  });

  it('starts once and cancels once when asked twice at the same moment', async () => {
    await closeAll();
    const e = await event();
    const starts = await Promise.allSettled([
      startEvent(database.db, e.host, e.id, 90, at(1)),
      startEvent(database.db, e.host, e.id, 90, at(1)),
    ]);
    expect(starts.filter((r) => r.status === 'fulfilled')).toEqual([
      { status: 'fulfilled', value: { timeStart: at(1).getTime(), duration: 90 } },
    ]);
    expect(starts.filter((r) => r.status === 'rejected')).toEqual([
      {
        status: 'rejected',
        reason: expect.objectContaining({ message: 'This event has already started.' }),
      },
    ]);
    const cancels = await Promise.allSettled([
      cancelEvent(database.db, e.host, e.id, at(2)),
      cancelEvent(database.db, e.host, e.id, at(2)),
    ]);
    expect(cancels.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await statusOf(e.id)).toEqual({ status: 'complete', reason: 'canceled' });
    expect(await completeEvent(database.db, e.id, 'abandoned', at(3))).toBe(false);
    // The video's duration caps the host's; none given: the video's.
    const capped = await event();
    expect(await startEvent(database.db, capped.host, capped.id, 5000, at(1))).toEqual({
      timeStart: at(1).getTime(),
      duration: 120,
    });
    const whole = await event();
    expect((await startEvent(database.db, whole.host, whole.id, undefined, at(1))).duration).toBe(
      120,
    );
  });
});
