import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import {
  GROUP,
  groupClientSchemas,
  type GroupAck,
  type GroupClientToServer,
  type GroupMember,
  type GroupRoomState,
  type GroupServerToClient,
  unstorableTextMessage,
} from '@ridealong/contracts';
import { zodMessage } from '../ride/index.js';
import { FLOOD_MESSAGE, type FloodGate } from '../ride/index.js';
import type { SessionData } from '../../realtime/session-guard.js';
import { GroupError, GROUP_REFUSALS } from './errors.js';
import { eventOfRoom, eventRoom, memberRoom } from './event-rows.js';
import type { Departure } from './membership.js';
import type { GroupService } from './service.js';
import { eventArgs } from '../../realtime/event-args.js';
import type { SocketLimits } from './socket-limits.js';
import { identityRelayKey, type IdentityThrottle, type RelayedState } from './identity-throttle.js';

/**
 * What the namespace's sockets share (channel.ts) so a burst of joins does not hold the
 * server (docs/group.md 'Socket limits and join bursts'): the socket limits, a few join slots,
 * shared room-state reads and the identity relay's throttle.
 */
export type GroupShared = {
  limits: SocketLimits;
  joinSlot: <T>(task: () => Promise<T>) => Promise<T>;
  stateAfterJoin: (eventId: number) => Promise<GroupRoomState>;
  identityRelay: IdentityThrottle;
};

/** The member behind the socket, the server's record, loaded at its first join. */
export type GroupSocketData = { member: GroupMember | null };
export type GroupSocket = Socket<
  GroupClientToServer,
  GroupServerToClient,
  Record<string, never>,
  GroupSocketData & SessionData
>;

type Event = keyof GroupClientToServer;

function parse<E extends Event>(
  event: E,
  payload: unknown,
): z.output<(typeof groupClientSchemas)[E]> {
  // Text the database cannot store (U+0000) is refused before anything reads the payload.
  const unstorable = unstorableTextMessage('', payload);
  if (unstorable) throw new GroupError(unstorable);
  const result = groupClientSchemas[event].safeParse(payload ?? {});
  if (!result.success) throw new GroupError(zodMessage(result.error));
  // safeParse of the indexed schema is typed as the union of every event's output.
  return result.data as z.output<(typeof groupClientSchemas)[E]>;
}

/**
 * Thin handlers, as /ride's: parse with the contracts' schema, check what the socket may do,
 * call the service, then broadcast through the room (`nsp.to(room)`: with the Redis adapter it
 * reaches the room's sockets on every process). Each event is answered once: the
 * acknowledgement when the client asked for one, a refusal otherwise as 'group-error'. Nothing
 * a client sends can reject unhandled or end the connection.
 */
export function registerGroupHandlers(
  socket: GroupSocket,
  service: GroupService,
  log: FastifyBaseLogger,
  gate: FloodGate,
  shared: GroupShared,
  /** The socket's admission under its member's limit: nothing is handled before, or if not. */
  admitted: Promise<boolean>,
): void {
  const nsp = socket.nsp;
  // The member is always the session's, never a payload's.
  const userId = socket.data.session.userId;

  function on<T extends object>(event: Event, run: (payload: unknown) => Promise<T>): void {
    (socket.on as (e: string, l: (...args: unknown[]) => void) => void)(event, (...args) => {
      const { payload, ack } = eventArgs(args);
      // A flood is refused before anything reads it: no parse, no query.
      const passes = gate.admit(Date.now());
      void admitted.then((ok) => {
        if (!ok) return;
        return (passes ? run(payload) : Promise.reject(new GroupError(FLOOD_MESSAGE))).then(
          (answer) => ack?.({ ok: true, ...answer } satisfies GroupAck<T>),
          (error: unknown) => {
            const message =
              error instanceof GroupError ? error.message : 'Something went wrong on our side.';
            if (!(error instanceof GroupError))
              log.error({ err: error, event }, 'group event failed');
            if (ack) ack({ ok: false, message } satisfies GroupAck<T>);
            else socket.emit('group-error', { event, message });
          },
        );
      });
    });
  }

  /**
   * Tells the room who this member is, as the server's record: not to a crowd (each pulse
   * would reach hundreds of sockets: sockets are counted, on this process at once and on
   * every process through the registry) and throttled per member and kind, however many
   * sockets they pulse from, with the latest trainer state always reaching the room
   * (identity-throttle.ts: a change at once, a quick change back at the window's end).
   */
  async function relayIdentity(
    roomId: number,
    who: GroupMember,
    kind: 'join' | 'pulse',
    trainer: RelayedState,
  ) {
    const room = eventRoom(roomId);
    const crowded = () => (nsp.adapter.rooms.get(room)?.size ?? 0) > GROUP.roomListMax;
    if (crowded()) return;
    // Asked again when sent: a relay held to the window's end may find the room crowded, or
    // this socket gone from it (left, closed): a member who left is not announced again.
    const send = async (state: RelayedState) => {
      if (!socket.rooms.has(room) || crowded()) return;
      if (!(await service.relaysIdentities(roomId))) return;
      nsp
        .to(room)
        .except(memberRoom(who.id))
        .emit('group-identity-pulse', {
          roomId,
          user_info: who,
          ...(state === undefined ? {} : { trainer_connected: state }),
        });
    };
    await shared.identityRelay.offer(identityRelayKey(kind, roomId, who.id), trainer, send);
  }

  const member = async (): Promise<GroupMember> =>
    (socket.data.member ??= await service.member(userId));

  /** Sends into an event: only a socket that has joined its room (and is still in it). */
  const joined = (roomId: number): GroupMember => {
    const known = socket.data.member;
    if (!known || !socket.rooms.has(eventRoom(roomId))) {
      throw new GroupError(GROUP_REFUSALS.notJoined);
    }
    return known;
  };

  /** Tells the room a member left (or that their leaving canceled it), and takes them out. */
  const announce = (departure: Departure, who: GroupMember) => {
    const room = eventRoom(departure.eventId);
    if (departure.canceled) {
      nsp.to(room).emit('group-cancel', { roomId: departure.eventId, reason: 'canceled' });
      nsp.in(room).socketsLeave(room);
    } else {
      nsp
        .to(room)
        .except(memberRoom(who.id))
        .emit('group-leave-room', { roomId: departure.eventId, user_info: who });
      nsp.in(memberRoom(who.id)).socketsLeave(room);
    }
    void socket.leave(room);
  };

  void socket.join(memberRoom(userId));

  on('group-check-room', async (p) => service.check(parse('group-check-room', p).roomId));

  on('group-join-room', async (p) => {
    const { roomId, trainer_connected } = parse('group-join-room', p);
    // The member's sockets in this event first: a refusal costs no query.
    await shared.limits.enter(socket, roomId);
    let me: GroupMember;
    try {
      // The database work waits for a join slot (channel.ts, lib/concurrency-gate.ts).
      me = await shared.joinSlot(async () => {
        const record = await member();
        // The reported trainer state is written by the join's own presence touch, before the
        // state below is read: it is in the answer.
        const departures = await service.join(record, roomId, trainer_connected);
        for (const departure of departures) announce(departure, record);
        return record;
      });
      // One event per socket: a room this socket was still in (membership already moved on).
      for (const room of [...socket.rooms]) {
        const other = eventOfRoom(room);
        if (other !== null && other !== roomId) void socket.leave(room);
      }
      await socket.join(eventRoom(roomId));
    } catch (err) {
      shared.limits.abandon(socket, roomId);
      throw err;
    }
    // Read once in the room (shared with the joins meanwhile, never one begun before this
    // socket was in): a Start meanwhile is in the state or reaches this socket.
    const state = await shared.stateAfterJoin(roomId);
    await relayIdentity(roomId, me, 'join', trainer_connected);
    return state;
  });

  on('group-identity-pulse', async (p) => {
    const { roomId, trainer_connected } = parse('group-identity-pulse', p);
    const me = joined(roomId);
    await service.pulse(me, roomId, trainer_connected);
    // The server's record of the sender, whatever user_info the payload claimed; a crowd sees
    // each other in the relay instead.
    await relayIdentity(roomId, me, 'pulse', trainer_connected);
    return {};
  });

  on('group-leave-room', async (p) => {
    const { roomId } = parse('group-leave-room', p);
    const me = await member();
    announce(await service.leave(me, roomId), me);
    return {};
  });

  on('group-start-race', async (p) => {
    const { roomId, duration } = parse('group-start-race', p);
    const started = await service.start(joined(roomId), roomId, duration);
    // The whole room, the host included: everyone's countdown begins at the same server time.
    nsp.to(eventRoom(roomId)).emit('group-start-race', started);
    return started;
  });

  on('group-cancel', async (p) => {
    const { roomId } = parse('group-cancel', p);
    const me = joined(roomId);
    await service.cancel(me, roomId);
    announce({ eventId: roomId, canceled: true }, me);
    return {};
  });

  on('group-point-pulse', async (p) => {
    const { roomId, point } = parse('group-point-pulse', p);
    // Not fanned out: the relay sends each rider their window every relayIntervalMs.
    await service.point(joined(roomId), roomId, point);
    return {};
  });
}
