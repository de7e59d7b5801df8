import { describe, expect, it } from 'vitest';
import type { EventListItem } from '@ridealong/contracts';
import { groupEvents } from '../src/db/schema.js';
import { backends, type TestServer } from './harness.js';
import { ask, groupSuite, member, next, type GroupClient, type Member } from './group-fixtures.js';
import { json, video } from './races-fixtures.js';

/**
 * Issue 23: /events lists what was ridden. A waiting room left without starting (the host's
 * leave, a cancel, nobody there) is not a completed event, nor counted as one; an event its
 * host started is, with when it started and how many were in it. Driven through the real
 * create call and /group sockets, so the rule holds for the transitions that make the rows.
 */
describe.each(backends)('completed events are ridden ones on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = groupSuite(backend, (suite) => ({ s, owner } = suite));

  type List = { events: EventListItem[] };
  const completed = async () =>
    (await json<List>(await s.get('/api/v1/event/completed-page?paginate=50'))).events;
  const active = async () => (await json<List>(await s.get('/api/v1/event/active-page'))).events;
  const count = async () =>
    (await json<{ count: number }>(await s.get('/api/v1/event/count-completed-events'))).count;
  const host = async (m: Member) => {
    const ride = await video(s, owner, { title: `Ride of ${m.user.displayName}` });
    const { eventId } = await json<{ eventId: number }>(
      await s.post('/api/v1/event/create', { race_url: ride.url }, m.token),
    );
    return eventId;
  };
  const join = async (socket: GroupClient, roomId: number) => {
    const answer = await ask(socket, 'group-join-room', { roomId });
    expect(answer).toMatchObject({ ok: true });
  };

  it('lists a waiting room as upcoming with no start time, and never as completed once left', async () => {
    const before = await count();
    const hana = await member(s, { name: 'Hana' });
    const eventId = await host(hana);
    expect((await active()).find((e) => e.id === eventId)).toMatchObject({
      status: 'waiting-room',
      timeStart: null,
      riders: 1,
      joined: 1,
    });
    const h = await sockets.connect(hana);
    await join(h, eventId);
    // The host leaves before Start: the event is canceled, never ridden.
    expect(await ask(h, 'group-leave-room', { roomId: eventId })).toEqual({ ok: true });
    expect((await active()).some((e) => e.id === eventId)).toBe(false);
    expect((await completed()).some((e) => e.id === eventId)).toBe(false);
    expect(await count()).toBe(before);

    // The host's cancel from the waiting room is not a ride either.
    const second = await host(hana);
    await join(h, second);
    expect(await ask(h, 'group-cancel', { roomId: second })).toEqual({ ok: true });
    expect((await completed()).some((e) => e.id === second)).toBe(false);
    expect(await count()).toBe(before);
  });

  it('hides rows an earlier server completed without a start (abandoned waiting rooms)', async () => {
    const before = await count();
    const olga = await member(s, { name: 'Olga' });
    const ride = await video(s, owner, { title: 'Old room' });
    const [row] = await s.database.db
      .insert(groupEvents)
      .values({
        hostUserId: olga.user.id,
        raceId: ride.id,
        raceUrl: ride.url,
        title: ride.title,
        hostDisplayName: 'Olga',
        status: 'complete',
        endReason: 'abandoned',
        completedAt: new Date(),
      })
      .returning({ id: groupEvents.id });
    expect((await completed()).some((e) => e.id === row?.id)).toBe(false);
    expect(await count()).toBe(before);
  });

  it('lists a started event once complete, with its start and everyone who rode it', async () => {
    const before = await count();
    const [rita, sam] = [await member(s, { name: 'Rita' }), await member(s, { name: 'Sam' })];
    const eventId = await host(rita);
    const [r, m] = [await sockets.connect(rita), await sockets.connect(sam)];
    await join(r, eventId);
    await join(m, eventId);
    const started = next(m, 'group-start-race');
    const answer = await ask(r, 'group-start-race', { roomId: eventId, duration: 60 });
    expect(answer).toMatchObject({ ok: true });
    const { timeStart } = await started;
    expect((await active()).find((e) => e.id === eventId)).toMatchObject({
      status: 'in-progress',
      timeStart,
      riders: 2,
      joined: 2,
    });
    expect(await ask(r, 'group-cancel', { roomId: eventId })).toEqual({ ok: true });
    expect((await completed()).find((e) => e.id === eventId)).toMatchObject({
      status: 'complete',
      timeStart,
      riders: 0,
      joined: 2,
    });
    expect(await count()).toBe(before + 1);
  });

  it('counts as having ridden only the members still in at the Start', async () => {
    const [tara, ugo, vera] = [
      await member(s, { name: 'Tara' }),
      await member(s, { name: 'Ugo' }),
      await member(s, { name: 'Vera' }),
    ];
    const eventId = await host(tara);
    const [t, u, v] = [
      await sockets.connect(tara),
      await sockets.connect(ugo),
      await sockets.connect(vera),
    ];
    await join(t, eventId);
    await join(u, eventId);
    await join(v, eventId);
    // Vera leaves the waiting room: her membership row stays, closed before the Start.
    expect(await ask(v, 'group-leave-room', { roomId: eventId })).toEqual({ ok: true });
    const started = next(u, 'group-start-race');
    const answer = await ask(t, 'group-start-race', { roomId: eventId, duration: 60 });
    expect(answer).toMatchObject({ ok: true });
    await started;
    expect(await ask(t, 'group-cancel', { roomId: eventId })).toEqual({ ok: true });
    expect((await completed()).find((e) => e.id === eventId)).toMatchObject({
      status: 'complete',
      joined: 2,
    });
  });
});
