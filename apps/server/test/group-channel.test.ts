import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lateJoinSecond, type GroupRoomState } from '@ridealong/contracts';
import { eventRiders, groupEvents } from '../src/db/schema.js';
import { backends, type TestServer } from './harness.js';
import {
  ask,
  collect,
  groupSuite,
  hostedEvent,
  member,
  next,
  settled,
  type GroupClient,
  type Member,
} from './group-fixtures.js';

/** The /group channel over real sockets: rooms, identities, the host's start and cancel. */
describe.each(backends)('the /group channel on $name', (backend) => {
  let s: TestServer;
  const sockets = groupSuite(backend, (suite) => ({ s } = suite));

  const join = async (socket: GroupClient, roomId: number) => {
    const answer = await ask(socket, 'group-join-room', { roomId });
    if (!answer.ok) throw new Error(answer.message);
    return answer as GroupRoomState & { ok: true };
  };
  const openMemberships = async (m: Member) =>
    (
      await s.database.db
        .select({ eventId: eventRiders.eventId })
        .from(eventRiders)
        .where(and(eq(eventRiders.userId, m.user.id), isNull(eventRiders.leftAt)))
    ).map((r) => r.eventId);
  const statusOf = async (eventId: number) => {
    const [row] = await s.database.db
      .select({ status: groupEvents.status, endReason: groupEvents.endReason })
      .from(groupEvents)
      .where(eq(groupEvents.id, eventId));
    return row;
  };

  it('checks and joins a room with an acknowledgement; the room sees the joiner', async () => {
    const host = await member(s, { name: 'Hana' });
    const rider = await member(s, { name: 'Rui' });
    const event = await hostedEvent(s, host);
    const [h, r] = [await sockets.connect(host), await sockets.connect(rider)];
    const before = Date.now();
    expect(await ask(r, 'group-check-room', { roomId: event.id })).toMatchObject({
      ok: true,
      roomId: event.id,
      status: 'waiting-room',
      host_user: host.user.id,
      race_url: event.raceUrl,
      timeStart: null,
      members: [],
      end_reason: null,
    });
    const hostJoined = await join(h, event.id);
    expect(hostJoined.members).toEqual([
      { id: host.user.id, display_name: 'Hana', photo_url: null },
    ]);
    expect(hostJoined.serverNow).toBeGreaterThanOrEqual(before);
    const seen = next(h, 'group-identity-pulse');
    const riderJoined = await join(r, event.id);
    expect(riderJoined.members.map((m) => m.id)).toEqual([host.user.id, rider.user.id]);
    expect(await seen).toEqual({
      roomId: event.id,
      user_info: { id: rider.user.id, display_name: 'Rui', photo_url: null },
    });
    expect(await openMemberships(rider)).toEqual([event.id]);
    expect(await ask(r, 'group-check-room', { roomId: 2147483647 })).toEqual({
      ok: false,
      message: 'This event was not found.',
    });
  });

  it('relays identity pulses as the server’s record of the sender, never the payload’s', async () => {
    const host = await member(s, { name: 'Ida' });
    const rider = await member(s, { name: 'Otto' });
    const event = await hostedEvent(s, host);
    const [h, r] = [await sockets.connect(host), await sockets.connect(rider)];
    await join(h, event.id);
    await join(r, event.id);
    const ownPulses = collect(r, 'group-identity-pulse');
    const seen = next(h, 'group-identity-pulse');
    expect(
      await ask(r, 'group-identity-pulse', {
        roomId: event.id,
        user_info: { id: host.user.id, display_name: 'Not Otto', photo_url: 'https://evil' },
      }),
    ).toEqual({ ok: true });
    expect(await seen).toEqual({
      roomId: event.id,
      user_info: { id: rider.user.id, display_name: 'Otto', photo_url: null },
    });
    await settled(r);
    // The sender does not hear its own pulse back.
    expect(ownPulses).toEqual([]);
  });

  it('starts on the host’s word only, for the whole room at one server time', async () => {
    const host = await member(s, { name: 'Stella' });
    const rider = await member(s, { name: 'Sid' });
    const event = await hostedEvent(s, host);
    const [h, r] = [await sockets.connect(host), await sockets.connect(rider)];
    await join(h, event.id);
    await join(r, event.id);
    expect(await ask(r, 'group-start-race', { roomId: event.id })).toEqual({
      ok: false,
      message: 'Only the host can start this event.',
    });
    expect(await ask(r, 'group-cancel', { roomId: event.id })).toEqual({
      ok: false,
      message: 'Only the host can cancel this event.',
    });
    const onRider = next(r, 'group-start-race');
    const onHost = next(h, 'group-start-race');
    const before = Date.now();
    // Asked for more than the 120 s video: capped to it.
    const started = await ask(h, 'group-start-race', { roomId: event.id, duration: 500 });
    expect(started).toMatchObject({ ok: true, roomId: event.id, duration: 120 });
    const [toRider, toHost] = await Promise.all([onRider, onHost]);
    expect(toRider).toEqual(toHost);
    expect(toRider.timeStart).toBeGreaterThanOrEqual(before);
    expect(toRider.serverNow).toBe(toRider.timeStart);
    expect(toRider).toEqual({ ...toRider, roomId: event.id, duration: 120 });
    expect(await ask(h, 'group-start-race', { roomId: event.id })).toEqual({
      ok: false,
      message: 'This event has already started.',
    });
    expect(await statusOf(event.id)).toEqual({ status: 'in-progress', endReason: null });
  });

  it('tells a late joiner the event is in progress and since when', async () => {
    const host = await member(s, { name: 'Lars' });
    const late = await member(s, { name: 'Lena' });
    const timeStart = new Date(Date.now() - 95_000);
    const event = await hostedEvent(s, host, {
      status: 'in-progress',
      timeStart,
      duration: 120,
    });
    const state = await join(await sockets.connect(late), event.id);
    expect(state).toMatchObject({ status: 'in-progress', timeStart: timeStart.getTime() });
    expect(state.serverNow - timeStart.getTime()).toBeGreaterThanOrEqual(95_000);
    // 95 s since Start: the video is at 85 s, whatever the rider's own clock says.
    expect(Math.floor(lateJoinSecond(state.timeStart ?? 0, state.serverNow))).toBe(85);
  });

  it('refuses a join once the event’s video has run out (before the sweep completes it)', async () => {
    const host = await member(s, { name: 'Otto' });
    const late = await member(s, { name: 'Olga' });
    const event = await hostedEvent(s, host, {
      status: 'in-progress',
      timeStart: new Date(Date.now() - 131_000),
      duration: 120,
    });
    expect(await ask(await sockets.connect(late), 'group-join-room', { roomId: event.id })).toEqual(
      {
        ok: false,
        message: 'This event is over.',
      },
    );
  });

  it('refuses to join unknown or complete events', async () => {
    const host = await member(s, { name: 'Cora' });
    const done = await hostedEvent(s, host, {
      status: 'complete',
      endReason: 'finished',
      completedAt: new Date(),
    });
    const socket = await sockets.connect(await member(s, { name: 'Cal' }));
    expect(await ask(socket, 'group-join-room', { roomId: done.id })).toEqual({
      ok: false,
      message: 'This event is over.',
    });
    expect(await ask(socket, 'group-check-room', { roomId: done.id })).toMatchObject({
      ok: true,
      status: 'complete',
      end_reason: 'finished',
    });
    expect(await ask(socket, 'group-join-room', { roomId: 999_999 })).toEqual({
      ok: false,
      message: 'This event was not found.',
    });
  });

  it('cancels when the host leaves before the start', async () => {
    const host = await member(s, { name: 'Hugo' });
    const rider = await member(s, { name: 'Rosa' });
    const event = await hostedEvent(s, host);
    const [h, r] = [await sockets.connect(host), await sockets.connect(rider)];
    await join(h, event.id);
    await join(r, event.id);
    const canceled = next(r, 'group-cancel');
    expect(await ask(h, 'group-leave-room', { roomId: event.id })).toEqual({ ok: true });
    expect(await canceled).toEqual({ roomId: event.id, reason: 'canceled' });
    expect(await statusOf(event.id)).toEqual({ status: 'complete', endReason: 'canceled' });
    expect(await openMemberships(rider)).toEqual([]);
    // Out of the room: its pulses are refused.
    expect(await ask(r, 'group-identity-pulse', { roomId: event.id })).toEqual({
      ok: false,
      message: 'Join this event first (group-join-room).',
    });
  });

  it('goes on without a host who leaves after the start while others ride', async () => {
    const host = await member(s, { name: 'Henk' });
    const rider = await member(s, { name: 'Rik' });
    const event = await hostedEvent(s, host);
    const [h, r] = [await sockets.connect(host), await sockets.connect(rider)];
    await join(h, event.id);
    await join(r, event.id);
    expect(await ask(h, 'group-start-race', { roomId: event.id })).toMatchObject({ ok: true });
    const canceled = collect(r, 'group-cancel');
    const left = next(r, 'group-leave-room');
    expect(await ask(h, 'group-leave-room', { roomId: event.id })).toEqual({ ok: true });
    expect(await left).toEqual({
      roomId: event.id,
      user_info: { id: host.user.id, display_name: 'Henk', photo_url: null },
    });
    await settled(r);
    expect(canceled).toEqual([]);
    expect(await statusOf(event.id)).toEqual({ status: 'in-progress', endReason: null });
    expect(await ask(r, 'group-identity-pulse', { roomId: event.id })).toEqual({ ok: true });
    // The host is out of the room now: no more host-only calls from that socket.
    expect(await ask(h, 'group-cancel', { roomId: event.id })).toEqual({
      ok: false,
      message: 'Join this event first (group-join-room).',
    });
  });

  it('cancels a started event when its host leaves and nobody else is present', async () => {
    const host = await member(s, { name: 'Hal' });
    const event = await hostedEvent(s, host);
    const h = await sockets.connect(host);
    await join(h, event.id);
    expect(await ask(h, 'group-start-race', { roomId: event.id })).toMatchObject({ ok: true });
    expect(await ask(h, 'group-leave-room', { roomId: event.id })).toEqual({ ok: true });
    expect(await statusOf(event.id)).toEqual({ status: 'complete', endReason: 'canceled' });
  });

  it('keeps a rider in one event: joining B leaves A, and A hears it', async () => {
    const hostA = await member(s, { name: 'Anna' });
    const hostB = await member(s, { name: 'Bert' });
    const rider = await member(s, { name: 'Mo' });
    const [a, b] = [await hostedEvent(s, hostA), await hostedEvent(s, hostB)];
    const [ha, hb] = [await sockets.connect(hostA), await sockets.connect(hostB)];
    await join(ha, a.id);
    await join(hb, b.id);
    const r = await sockets.connect(rider);
    await join(r, a.id);
    const left = next(ha, 'group-leave-room');
    await join(r, b.id);
    expect(await left).toMatchObject({ roomId: a.id, user_info: { id: rider.user.id } });
    expect(await openMemberships(rider)).toEqual([b.id]);
    expect(await ask(r, 'group-identity-pulse', { roomId: a.id })).toEqual({
      ok: false,
      message: 'Join this event first (group-join-room).',
    });
    expect(await ask(r, 'group-identity-pulse', { roomId: b.id })).toEqual({ ok: true });
    // A host joining elsewhere leaves their waiting room: it is canceled.
    const canceled = next(r, 'group-cancel');
    const hostOfB = await sockets.connect(hostB);
    await join(hostOfB, a.id);
    expect(await canceled).toEqual({ roomId: b.id, reason: 'canceled' });
    expect(await statusOf(b.id)).toEqual({ status: 'complete', endReason: 'canceled' });
    // Two joins at once by one member (two tabs) end in one open membership, no error.
    const [t1, t2] = [await sockets.connect(rider), await sockets.connect(rider)];
    const both = await Promise.all([
      ask(t1, 'group-join-room', { roomId: a.id }),
      ask(t2, 'group-join-room', { roomId: a.id }),
    ]);
    expect(both.map((x) => x.ok)).toEqual([true, true]);
    expect(await openMemberships(rider)).toEqual([a.id]);
  });

  it('refuses sends into a room the socket has not joined', async () => {
    const host = await member(s, { name: 'Nia' });
    const outsider = await member(s, { name: 'Ned' });
    const event = await hostedEvent(s, host);
    await join(await sockets.connect(host), event.id);
    const o = await sockets.connect(outsider);
    const notJoined = { ok: false, message: 'Join this event first (group-join-room).' };
    expect(await ask(o, 'group-identity-pulse', { roomId: event.id })).toEqual(notJoined);
    expect(
      await ask(o, 'group-point-pulse', {
        roomId: event.id,
        point: { elapsed_time: 1, accumulated_power: 5, power: 5 },
      }),
    ).toEqual(notJoined);
    expect(await ask(o, 'group-start-race', { roomId: event.id })).toEqual(notJoined);
    expect(await ask(o, 'group-cancel', { roomId: event.id })).toEqual(notJoined);
    expect(await ask(o, 'group-leave-room', { roomId: event.id })).toEqual({
      ok: false,
      message: 'You are not in this event.',
    });
    // Without an acknowledgement the refusal is a group-error naming the event.
    const error = next(o, 'group-error');
    o.emit('group-identity-pulse', { roomId: event.id });
    expect(await error).toEqual({
      event: 'group-identity-pulse',
      message: notJoined.message,
    });
    expect(await statusOf(event.id)).toEqual({ status: 'waiting-room', endReason: null });
  });
});
