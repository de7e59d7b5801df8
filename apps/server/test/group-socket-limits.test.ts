import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { GROUP_NAMESPACE } from '@ridealong/contracts';
import { GROUP_SOCKET_LIMITS, SOCKET_LIMIT_MESSAGES } from '../src/modules/group/socket-limits.js';
import { backends, type TestServer } from './harness.js';
import {
  ask,
  connectGroup,
  groupSuite,
  hostedEvent,
  member,
  next,
  type GroupClient,
} from './group-fixtures.js';

/**
 * Sockets per member (issue 21: one member's hundred /group sockets joining stalled the
 * server): at most GROUP_SOCKET_LIMITS.perMember open, perMemberPerEvent in one event, counted
 * in the live store's socket registry (docs/group.md 'Socket limits and join bursts').
 */
describe.each(backends)('/group socket limits on $name', (backend) => {
  let s: TestServer;
  const sockets = groupSuite(backend, (suite) => ({ s } = suite));

  /**
   * A new socket of the member, listened to from before it connects (a refusal follows the
   * connection at once): the first group-error and the reason it was ended, or null while it
   * stays open (asked once connected, by a round trip).
   */
  async function connection(token: string) {
    const socket: GroupClient = io(s.baseUrl + GROUP_NAMESPACE, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const error = new Promise<unknown>((r) => socket.once('group-error', r));
    const ended = new Promise<string>((r) => socket.once('disconnect', r));
    await new Promise((r) => socket.once('connect', () => r(null)));
    const open = ask(socket, 'group-check-room', { roomId: 2147483647 }).then(() => null);
    const reason = await Promise.race([ended, open]);
    const outcome = reason === null ? null : { error: await error, reason };
    socket.close();
    return outcome;
  }

  it('ends a member’s socket past the limit, and counts no other member’s or guest’s', async () => {
    const rider = await member(s, { name: 'Many tabs' });
    const other = await member(s, { name: 'Other rider' });
    const event = await hostedEvent(s, rider);
    const mine: GroupClient[] = [];
    for (let i = 0; i < GROUP_SOCKET_LIMITS.perMember; i += 1)
      mine.push(await sockets.connect(rider));
    // A guest is refused by the handshake and counts for nobody.
    await expect(connectGroup(s, '')).rejects.toThrow('Please log in.');
    expect(await connection(rider.token)).toEqual({
      error: { event: 'connect', message: SOCKET_LIMIT_MESSAGES.member },
      reason: 'io server disconnect',
    });
    // Another member's sockets are theirs: they connect and join as usual.
    const theirs = await sockets.connect(other);
    expect(await ask(theirs, 'group-join-room', { roomId: event.id })).toMatchObject({ ok: true });
    // The admitted ones work; one closed frees its place.
    expect(
      await ask(mine[0] as GroupClient, 'group-join-room', { roomId: event.id }),
    ).toMatchObject({ ok: true });
    mine[1]?.close();
    await expect.poll(() => connection(rider.token)).toBeNull();
  });

  it('refuses a join past the member’s sockets in one event, and admits one once a place frees', async () => {
    const rider = await member(s, { name: 'Three tabs' });
    const event = await hostedEvent(s, rider);
    const mine: GroupClient[] = [];
    for (let i = 0; i < GROUP_SOCKET_LIMITS.perMemberPerEvent + 1; i += 1)
      mine.push(await sockets.connect(rider));
    const [extra] = mine.splice(GROUP_SOCKET_LIMITS.perMemberPerEvent);
    for (const socket of mine)
      expect(await ask(socket, 'group-join-room', { roomId: event.id })).toMatchObject({
        ok: true,
      });
    // A rejoin of a socket already in counts once.
    expect(
      await ask(mine[0] as GroupClient, 'group-join-room', { roomId: event.id }),
    ).toMatchObject({ ok: true });
    expect(await ask(extra as GroupClient, 'group-join-room', { roomId: event.id })).toEqual({
      ok: false,
      message: SOCKET_LIMIT_MESSAGES.event,
    });
    // Without an acknowledgement the refusal comes as group-error.
    const error = next(extra as GroupClient, 'group-error');
    (extra as GroupClient).emit('group-join-room', { roomId: event.id });
    expect(await error).toEqual({ event: 'group-join-room', message: SOCKET_LIMIT_MESSAGES.event });
    // The refused socket is not in the room: it may not send into it.
    expect(await ask(extra as GroupClient, 'group-identity-pulse', { roomId: event.id })).toEqual({
      ok: false,
      message: 'Join this event first (group-join-room).',
    });
    mine[2]?.close();
    await expect
      .poll(
        async () => (await ask(extra as GroupClient, 'group-join-room', { roomId: event.id })).ok,
      )
      .toBe(true);
  });
});
