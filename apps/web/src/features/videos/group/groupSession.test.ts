import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP, GROUP_MESSAGES, type GroupMember, type GroupRoomState } from '@ridealong/contracts';
import { FakeGroupTransport } from '../../../test/fakeGroupTransport';
import { GroupSession } from './groupSession';

const me: GroupMember = { id: 1, display_name: 'Me', photo_url: null };
const host: GroupMember = { id: 2, display_name: 'Host', photo_url: 'https://x/h.png' };
const SERVER_AHEAD_MS = 180_000;

function room(patch: Partial<GroupRoomState> = {}): GroupRoomState {
  return {
    roomId: 7,
    status: 'waiting-room',
    host_user: host.id,
    race_url: 'climb',
    timeStart: null,
    duration: null,
    serverNow: Date.now() + SERVER_AHEAD_MS,
    members: [host],
    present: 1,
    end_reason: null,
    ...patch,
  };
}

let transport: FakeGroupTransport;
let session: GroupSession;
const relays = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  transport = new FakeGroupTransport();
  session = new GroupSession({ transport, roomId: 7, self: me, onRelay: relays });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  session.dispose();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('GroupSession', () => {
  it('asks to join again after the server failed (not refused) the join', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
    });
    const channel = new FakeGroupTransport();
    const retrying = new GroupSession({ transport: channel, roomId: 7, self: me });
    channel.connect();
    await channel.answer('group-join-room', {
      ok: false,
      message: 'Something went wrong on our side.',
    });
    expect(retrying.getSnapshot()).toMatchObject({ phase: 'joining', end: null });
    expect(channel.pending).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(channel.pending.map((p) => p.event)).toEqual(['group-join-room']);
    await channel.answer('group-join-room', { ok: true, ...room() });
    expect(retrying.getSnapshot().phase).toBe('waiting-room');
    retrying.dispose();
  });

  it('joins on connect, lists the room with itself, measures the server clock and pulses', async () => {
    transport.connect();
    expect(transport.pending.map((p) => p.event)).toEqual(['group-join-room']);
    await transport.answer('group-join-room', { ok: true, ...room() });
    const s = session.getSnapshot();
    expect(s.phase).toBe('waiting-room');
    expect(s.isHost).toBe(false);
    expect(s.members.map((m) => m.id)).toEqual([2, 1]);
    expect(s.offsetMs).toBe(SERVER_AHEAD_MS);

    vi.advanceTimersByTime(GROUP.identityPulseMs * 2);
    expect(transport.sent).toEqual([
      { event: 'group-identity-pulse', payload: { roomId: 7 } },
      { event: 'group-identity-pulse', payload: { roomId: 7 } },
    ]);
  });

  it('adds members by identity pulse and removes those who leave, for its own room only', async () => {
    transport.connect();
    await transport.answer('group-join-room', { ok: true, ...room() });
    const other = { id: 3, display_name: 'Cy', photo_url: null };
    transport.emit('group-identity-pulse', { roomId: 7, user_info: other });
    transport.emit('group-identity-pulse', { roomId: 8, user_info: { ...other, id: 4 } });
    expect(session.getSnapshot().members.map((m) => m.id)).toEqual([2, 1, 3]);
    expect(session.getSnapshot().present).toBe(3);
    transport.emit('group-leave-room', { roomId: 7, user_info: host });
    expect(session.getSnapshot().members.map((m) => m.id)).toEqual([1, 3]);
    expect(session.getSnapshot().present).toBe(2);
  });

  it('reports its trainer with the join, every pulse and at once when it changes', async () => {
    const channel = new FakeGroupTransport();
    const rider = new GroupSession({ transport: channel, roomId: 7, self: me, trainer: false });
    try {
      // Told before the join: the join carries the latest state, no pulse before it.
      rider.reportTrainer(false);
      channel.connect();
      expect(channel.pending[0]?.payload).toEqual({ roomId: 7, trainer_connected: false });
      expect(channel.sent).toEqual([]);
      await channel.answer('group-join-room', {
        ok: true,
        ...room({ members: [{ ...host, trainer_connected: true }] }),
      });
      expect(rider.getSnapshot().members[0]).toMatchObject({ id: 2, trainer_connected: true });
      // The trainer connects: the room hears it now, not at the next pulse.
      rider.reportTrainer(true);
      rider.reportTrainer(true);
      expect(channel.sent).toEqual([
        { event: 'group-identity-pulse', payload: { roomId: 7, trainer_connected: true } },
      ]);
      vi.advanceTimersByTime(GROUP.identityPulseMs);
      expect(channel.sent.at(-1)).toEqual({
        event: 'group-identity-pulse',
        payload: { roomId: 7, trainer_connected: true },
      });
      // The host's trainer drops: the room's relay updates the list in place.
      channel.emit('group-identity-pulse', {
        roomId: 7,
        user_info: host,
        trainer_connected: false,
      });
      expect(rider.getSnapshot().members[0]).toMatchObject({ id: 2, trainer_connected: false });
      // A relay without a state (a v1 app pulsing for the host) keeps it.
      channel.emit('group-identity-pulse', { roomId: 7, user_info: host });
      expect(rider.getSnapshot().members[0]).toMatchObject({ id: 2, trainer_connected: false });
    } finally {
      rider.dispose();
    }
  });

  it('counts the riders of a big event beyond the members listed', async () => {
    transport.connect();
    await transport.answer('group-join-room', {
      ok: true,
      ...room({ members: [host, me], present: 120 }),
    });
    expect(session.getSnapshot()).toMatchObject({ present: 120 });
    expect(session.getSnapshot().members).toHaveLength(2);
    transport.emit('group-leave-room', { roomId: 7, user_info: host });
    expect(session.getSnapshot().present).toBe(119);
  });

  it('goes in progress on group-start-race and hands relays on', async () => {
    transport.connect();
    await transport.answer('group-join-room', { ok: true, ...room() });
    const timeStart = Date.now() + SERVER_AHEAD_MS;
    transport.emit('group-start-race', {
      roomId: 7,
      timeStart,
      duration: 300,
      serverNow: timeStart,
    });
    expect(session.getSnapshot()).toMatchObject({ phase: 'in-progress', timeStart, duration: 300 });
    // The join answer measured the clock; a one-way broadcast does not replace it.
    expect(session.getSnapshot().offsetMs).toBe(SERVER_AHEAD_MS);
    const relay = {
      roomId: 7,
      user_info: host,
      point: {
        elapsed_time: 3,
        accumulated_power: 600,
        power: 200,
        heart_rate: 0,
        cadence: 0,
        distance: 0,
      },
      rank: 1,
      total: 2,
    };
    transport.emit('group-point-pulse', relay);
    expect(relays).toHaveBeenCalledWith(relay);
    session.pointPulse(relay.point);
    expect(transport.sent.at(-1)).toEqual({
      event: 'group-point-pulse',
      payload: { roomId: 7, point: relay.point },
    });
  });

  it('a late joiner learns the start time from the join answer', async () => {
    transport.connect();
    const timeStart = Date.now() + SERVER_AHEAD_MS - 60_000;
    await transport.answer('group-join-room', {
      ok: true,
      ...room({ status: 'in-progress', timeStart, duration: 300 }),
    });
    expect(session.getSnapshot()).toMatchObject({ phase: 'in-progress', timeStart });
  });

  it('the host starts with the video duration and cancels', async () => {
    transport.connect();
    await transport.answer('group-join-room', { ok: true, ...room({ host_user: me.id }) });
    expect(session.getSnapshot().isHost).toBe(true);
    void session.start(312);
    expect(transport.pending[0]).toMatchObject({
      event: 'group-start-race',
      payload: { roomId: 7, duration: 312 },
    });
    const timeStart = Date.now() + SERVER_AHEAD_MS;
    await transport.answer('group-start-race', {
      ok: true,
      roomId: 7,
      timeStart,
      duration: 312,
      serverNow: timeStart,
    });
    expect(session.getSnapshot()).toMatchObject({ phase: 'in-progress', busy: false, timeStart });

    void session.cancel();
    expect(transport.pending[0]).toMatchObject({ event: 'group-cancel', payload: { roomId: 7 } });
    await transport.answer('group-cancel', { ok: true });
    transport.emit('group-cancel', { roomId: 7, reason: 'canceled' });
    expect(session.getSnapshot()).toMatchObject({
      phase: 'ended',
      end: { reason: 'canceled', message: GROUP_MESSAGES.canceled },
    });
  });

  it('shows a refused start to the host', async () => {
    transport.connect();
    await transport.answer('group-join-room', { ok: true, ...room({ host_user: me.id }) });
    void session.start(undefined);
    await transport.answer('group-start-race', { ok: false, message: 'No.' });
    expect(session.getSnapshot()).toMatchObject({ phase: 'waiting-room', problem: 'No.' });
  });

  it('ends with the canceled message on group-cancel and stops pulsing', async () => {
    transport.connect();
    await transport.answer('group-join-room', { ok: true, ...room() });
    transport.emit('group-cancel', { roomId: 7, reason: 'canceled' });
    expect(session.getSnapshot().end).toEqual({
      reason: 'canceled',
      message: GROUP_MESSAGES.canceled,
      quiet: false,
    });
    vi.advanceTimersByTime(GROUP.identityPulseMs * 3);
    expect(transport.sent).toEqual([]);
    // An ended event is not left again.
    session.dispose();
    expect(transport.sent).toEqual([]);
    expect(transport.closed).toBe(true);
  });

  it('joins again after a reconnect; a refusal of an event canceled meanwhile says so', async () => {
    transport.connect();
    await transport.answer('group-join-room', { ok: true, ...room() });
    transport.connect();
    await transport.answer('group-join-room', { ok: false, message: 'This event is over.' });
    await transport.answer('group-check-room', {
      ok: true,
      ...room({ status: 'complete', end_reason: 'canceled' }),
    });
    expect(session.getSnapshot().end?.message).toBe(GROUP_MESSAGES.canceled);
  });

  it('a host whose own absence ended the event leaves group mode quietly on rejoining', async () => {
    transport.connect();
    await transport.answer('group-join-room', { ok: true, ...room({ host_user: me.id }) });
    transport.connect();
    await transport.answer('group-join-room', { ok: false, message: 'This event is over.' });
    await transport.answer('group-check-room', {
      ok: true,
      ...room({ host_user: me.id, status: 'complete', end_reason: 'canceled' }),
    });
    expect(session.getSnapshot().end).toEqual({
      reason: 'canceled',
      message: 'This event is over.',
      quiet: true,
    });
  });

  it('a refused join ends with the server’s message; group-error is only logged', async () => {
    transport.connect();
    transport.emit('group-error', { event: 'group-point-pulse', message: 'Slow down.' });
    expect(console.warn).toHaveBeenCalledWith('group-error', 'group-point-pulse', 'Slow down.');
    expect(session.getSnapshot().phase).toBe('joining');
    await transport.answer('group-join-room', { ok: false, message: 'This event was not found.' });
    await transport.answer('group-check-room', { ok: false, message: 'This event was not found.' });
    expect(session.getSnapshot().end).toEqual({
      reason: 'refused',
      message: 'This event was not found.',
      quiet: false,
    });
  });

  it('leaves the room when disposed before the event ended', async () => {
    transport.connect();
    await transport.answer('group-join-room', { ok: true, ...room() });
    session.dispose();
    expect(transport.sent.at(-1)).toEqual({ event: 'group-leave-room', payload: { roomId: 7 } });
    expect(transport.closed).toBe(true);
  });
});
