import {
  GROUP,
  type GroupMember,
  type GroupPoint,
  type GroupRoomState,
  type GroupStartRace,
} from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { findEvent, memberRecord, ridersAmong, roomState } from './event-rows.js';
import { GroupError, GROUP_REFUSALS } from './errors.js';
import type { LiveStore } from './live-store.js';
import { joinEvent, leaveEvent, type Departure } from './membership.js';
import { eventClockReader, pointGate } from './point-gate.js';
import { eventScope } from './socket-registry.js';
import { withTrainerStates } from './trainer-states.js';
import { cancelEvent, startEvent } from './transitions.js';

/**
 * The /group channel's rules, one function per client event; the handlers (handlers.ts) add
 * what is about sockets and rooms. Every time is `now()`, the server's clock (docs/group.md).
 */
export function groupService(db: Db, live: LiveStore, now: () => number = Date.now) {
  const presentSince = (at: number) => at - GROUP.presenceTimeoutMs;
  const admitPoint = pointGate(eventClockReader(db), now);

  async function state(eventId: number): Promise<GroupRoomState> {
    const event = await findEvent(db, eventId);
    if (!event) throw new GroupError(GROUP_REFUSALS.notFound);
    const present = await live.present(eventId, presentSince(now()));
    const riders = await ridersAmong(db, eventId, present);
    // The states of the riders listed only (at most GROUP.roomListMax), whatever the crowd.
    const trainers = await live.trainers(
      eventId,
      riders.map((r) => r.id),
    );
    const members = withTrainerStates(riders, trainers);
    // The clock is read last, as the answer leaves: a client halves the round trip to place
    // it, so time spent on the reads above would make its offset low.
    return roomState(event, members, present.length, now());
  }

  // Per event, whether it has more riders present than identities are relayed for, asked at
  // most once a second per process (a pulse every 3 s per rider would otherwise each read it).
  const crowds = new Map<number, { at: number; crowded: boolean }>();
  async function crowded(eventId: number): Promise<boolean> {
    const at = now();
    const known = crowds.get(eventId);
    if (known && at - known.at < 1000) return known.crowded;
    const [present, sockets] = await Promise.all([
      live.present(eventId, presentSince(at)),
      // Sockets, not members: each of a member's sockets receives every relayed pulse.
      live.sockets.count(eventScope(eventId), at),
    ]);
    const answer = { at, crowded: Math.max(present.length, sockets) > GROUP.roomListMax };
    // Bounded by the events this process serves; stale entries go as they are asked again.
    if (crowds.size > 10_000) crowds.clear();
    crowds.set(eventId, answer);
    return answer.crowded;
  }

  return {
    member: (userId: number): Promise<GroupMember> => memberRecord(db, userId),

    /** The event as it is now, complete ones included (a page asks before it joins). */
    check: (eventId: number) => state(eventId),

    /**
     * The member's membership (leaving any other event), with their trainer's state when the
     * join reports it: written by the join's presence touch (one round trip). The caller joins
     * the socket to the room, then reads the state with `check`: a Start made meanwhile is
     * then either in the state or broadcast to the socket, never lost between the two.
     */
    async join(member: GroupMember, eventId: number, trainer?: boolean): Promise<Departure[]> {
      const at = new Date(now());
      const { departures } = await joinEvent(db, live, member.id, eventId, at, trainer);
      return departures;
    },

    leave: (member: GroupMember, eventId: number): Promise<Departure> =>
      leaveEvent(db, live, member.id, eventId, new Date(now())),

    async start(
      member: GroupMember,
      eventId: number,
      duration: number | undefined,
    ): Promise<GroupStartRace> {
      const at = now();
      const started = await startEvent(db, member.id, eventId, duration, new Date(at));
      return { roomId: eventId, ...started, serverNow: at };
    },

    async cancel(member: GroupMember, eventId: number): Promise<void> {
      await cancelEvent(db, member.id, eventId, new Date(now()));
      await live.drop(eventId);
    },

    /** Whether identity pulses of this event are relayed to its whole room (GROUP.roomListMax). */
    relaysIdentities: async (eventId: number) => !(await crowded(eventId)),

    /**
     * An identity pulse (or a join's report): the member is present, with their trainer's
     * state when their client reports it. Only a joined socket's (handlers.ts).
     */
    pulse: (member: GroupMember, eventId: number, trainer?: boolean) =>
      live.touch(eventId, member.id, now(), trainer),

    /**
     * A point pulse: kept as the member's latest point, relayed by the relay (relay.ts), once
     * the event's clock says it can be true (point-bounds.ts).
     */
    async point(member: GroupMember, eventId: number, point: GroupPoint): Promise<void> {
      await admitPoint(eventId, point);
      await Promise.all([
        live.setPoint(eventId, member, point),
        live.touch(eventId, member.id, now()),
      ]);
    },
  };
}

export type GroupService = ReturnType<typeof groupService>;
