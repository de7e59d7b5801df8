import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupEvents } from '../src/db/schema.js';
import { backends, type TestServer } from './harness.js';
import {
  ask,
  groupSuite,
  hostedEvent,
  member,
  next,
  point,
  say,
  startedMinuteAgo,
  type GroupClient,
} from './group-fixtures.js';

/**
 * Issue 21: the group leaderboard could be faked. A point's second is bounded by the event's
 * clock (since its countdown ended, plus a few seconds) and the video's length, points before
 * Start are refused, and the sum by those seconds (group/point-bounds.ts), over real sockets.
 */

/** The point: a whole day at 4,000 W, sent 3 s after Start. */
const FAKE_DAY = { ...point(0, 86_400), accumulated_power: 345_604_000 };

describe.each(backends)('group points bounded by the event’s clock on $name', (backend) => {
  let s: TestServer;
  const sockets = groupSuite(backend, (suite) => ({ s } = suite));

  /** An event of `values` with `names` joined to it, each on its own socket. */
  async function riders(
    values: Partial<typeof groupEvents.$inferInsert>,
    ...names: string[]
  ): Promise<{ eventId: number; clients: GroupClient[]; ids: number[] }> {
    const [first, ...rest] = await Promise.all(names.map((name) => member(s, { name })));
    if (!first) throw new Error('no riders');
    const event = await hostedEvent(s, first, values);
    const clients: GroupClient[] = [];
    for (const m of [first, ...rest]) {
      const socket = await sockets.connect(m);
      expect(await ask(socket, 'group-join-room', { roomId: event.id })).toMatchObject({
        ok: true,
      });
      clients.push(socket);
    }
    return { eventId: event.id, clients, ids: [first, ...rest].map((m) => m.user.id) };
  }

  it('refuses the 86,400 s point 3 s after Start (issue 21)', async () => {
    const {
      eventId,
      clients: [host, faker],
    } = await riders({}, 'Start host', 'Day faker');
    expect(await ask(host!, 'group-start-race', { roomId: eventId })).toMatchObject({ ok: true });
    // In the countdown (point-bounds.test.ts has the exact seconds); whenever this machine
    // gets to it, a day has not passed.
    expect(await ask(faker!, 'group-point-pulse', { roomId: eventId, point: FAKE_DAY })).toEqual({
      ok: false,
      message: expect.stringMatching(/has not begun|second 86400 has not happened yet/),
    });
  });

  it('refuses points in the waiting room, as an acknowledgement or a group-error', async () => {
    const {
      eventId,
      clients: [, rider],
    } = await riders({}, 'Waiting host', 'Eager rider');
    expect(
      await ask(rider!, 'group-point-pulse', { roomId: eventId, point: point(100) }),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/has not begun/) });
    const error = next(rider!, 'group-error');
    say(rider!, 'group-point-pulse', { roomId: eventId, point: FAKE_DAY });
    expect(await error).toEqual({
      event: 'group-point-pulse',
      message: expect.stringMatching(/has not begun/),
    });
    const [row] = await s.database.db
      .select({ status: groupEvents.status })
      .from(groupEvents)
      .where(eq(groupEvents.id, eventId));
    expect(row?.status).toBe('waiting-room');
  });

  it('keeps a faked day off everyone’s board; honest seconds still count', async () => {
    // Started a minute ago: the event is at about second 50.
    const {
      eventId,
      clients: [honest, faker],
      ids: [honestId, fakerId],
    } = await riders(startedMinuteAgo(), 'Honest', 'Faker');
    expect(
      await ask(honest!, 'group-point-pulse', { roomId: eventId, point: point(40 * 250, 40) }),
    ).toEqual({ ok: true });
    for (const fake of [
      FAKE_DAY,
      { ...point(0, 600), accumulated_power: 601 * 4000 },
      // An absurd sum at a second the event has reached.
      { ...point(0, 40), accumulated_power: 41 * 4000 + 1 },
      { ...point(0, 40), accumulated_power: 1e9 },
    ]) {
      const answer = await ask(faker!, 'group-point-pulse', { roomId: eventId, point: fake });
      expect(answer, JSON.stringify(fake)).toMatchObject({ ok: false });
    }
    expect(
      await ask(faker!, 'group-point-pulse', { roomId: eventId, point: FAKE_DAY }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^point\.elapsed_time: second 86400 has not happened yet/),
    });
    // The honest rider's board: only riders whose points were true.
    const board = await next(honest!, 'group-point-pulse');
    expect(board).toMatchObject({ rank: 1, total: 1, user_info: { id: honestId } });

    // The faker's own true second counts, below the honest rider.
    expect(
      await ask(faker!, 'group-point-pulse', { roomId: eventId, point: point(30 * 200, 30) }),
    ).toEqual({ ok: true });
    const both = await next(honest!, 'group-point-pulse', (p) => p.total === 2 && p.rank === 2);
    expect(both.user_info.id).toBe(fakerId);
  });

  it('refuses seconds past the video’s end, and points once the event is over', async () => {
    const {
      eventId,
      clients: [rider],
    } = await riders({ ...startedMinuteAgo(), duration: 120 }, 'Long after');
    // Joined while the video ran; the event's clock is now far past its end (no point has
    // been sent, so nothing of the event's clock is cached).
    await s.database.db
      .update(groupEvents)
      .set({ timeStart: new Date(Date.now() - 3600_000) })
      .where(eq(groupEvents.id, eventId));
    // 120 s of video: second 126 is the last one /ride allows too (1 % and 5 s).
    expect(
      await ask(rider!, 'group-point-pulse', { roomId: eventId, point: point(0, 126) }),
    ).toEqual({ ok: true });
    expect(
      await ask(rider!, 'group-point-pulse', { roomId: eventId, point: point(0, 127) }),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/at most 126/) });

    const done = await riders(startedMinuteAgo(), 'Finished rider');
    await s.database.db
      .update(groupEvents)
      .set({ status: 'complete', endReason: 'finished', completedAt: new Date() })
      .where(eq(groupEvents.id, done.eventId));
    expect(
      await ask(done.clients[0]!, 'group-point-pulse', {
        roomId: done.eventId,
        point: point(10, 5),
      }),
    ).toEqual({ ok: false, message: 'This event is over.' });
  });
});
