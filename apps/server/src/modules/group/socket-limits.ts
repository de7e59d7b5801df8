import type { FastifyBaseLogger } from 'fastify';
import { periodicTask } from '../../lib/periodic.js';
import { GroupError } from './errors.js';
import { eventOfRoom, eventRoom } from './event-rows.js';
import type { GroupSocket } from './handlers.js';
import {
  eventScope,
  memberEventScope,
  memberScope,
  SOCKET_REFRESH_MS,
  type SocketEntry,
  type SocketRegistry,
} from './socket-registry.js';

/**
 * How many /group sockets a member may hold (tabs, devices, the desktop app), on every process
 * together, and how many of them in one event. Each socket costs every fan-out of its room;
 * without a bound one member's hundred sockets joining stalled the server (issue 21).
 */
export const GROUP_SOCKET_LIMITS = { perMember: 5, perMemberPerEvent: 3 } as const;

export const SOCKET_LIMIT_MESSAGES = {
  member: `Too many connections to group rides: close another tab or device (at most ${GROUP_SOCKET_LIMITS.perMember}).`,
  event: `Too many connections to this event: close another tab or device (at most ${GROUP_SOCKET_LIMITS.perMemberPerEvent}).`,
} as const;

type GroupNamespace = GroupSocket['nsp'];

/**
 * The limits of one process's /group namespace, counted in the live store's socket registry
 * (Redis with REDIS_URL, so they hold across processes). A socket's event entries follow its
 * rooms through the adapter's join-room and leave-room, whoever made it join or leave (its own
 * join, another tab's join elsewhere, a cancel, a disconnect); its process refreshes them.
 */
export function socketLimits(deps: {
  registry: SocketRegistry;
  log: FastifyBaseLogger;
  now?: () => number;
  limits?: { perMember: number; perMemberPerEvent: number };
}) {
  const now = deps.now ?? Date.now;
  const limits = deps.limits ?? GROUP_SOCKET_LIMITS;
  const { registry, log } = deps;
  let nsp: GroupNamespace | null = null;
  const failed = (err: unknown) => log.error({ err }, 'group socket registry failed');

  const userOf = (ns: GroupNamespace, socketId: string): number | null =>
    ns.sockets.get(socketId)?.data.session.userId ?? null;

  function onRoom(ns: GroupNamespace, room: string, socketId: string, joined: boolean) {
    const eventId = eventOfRoom(room);
    const userId = userOf(ns, socketId);
    if (eventId === null || userId === null) return;
    const done = joined
      ? registry.admit(eventScope(eventId), socketId, Number.POSITIVE_INFINITY, now())
      : Promise.all([
          registry.release(eventScope(eventId), socketId),
          registry.release(memberEventScope(eventId, userId), socketId),
        ]);
    done.catch(failed);
  }

  /** Every entry of this process's sockets, kept alive while it holds them. */
  async function refresh(): Promise<void> {
    const ns = nsp;
    if (!ns) return;
    const entries: SocketEntry[] = [];
    for (const [socketId, socket] of ns.sockets) {
      const userId = socket.data.session.userId;
      entries.push({ scope: memberScope(userId), socketId });
      for (const room of socket.rooms) {
        const eventId = eventOfRoom(room);
        if (eventId === null) continue;
        entries.push({ scope: eventScope(eventId), socketId });
        entries.push({ scope: memberEventScope(eventId, userId), socketId });
      }
    }
    await registry.refresh(entries, now());
  }
  const task = periodicTask({
    run: refresh,
    firstDelayMs: SOCKET_REFRESH_MS,
    everyMs: SOCKET_REFRESH_MS,
    onError: failed,
  });

  return {
    /** Follows the namespace's rooms (its first connection hands it over); idempotent. */
    attach(ns: GroupNamespace): void {
      if (nsp) return;
      nsp = ns;
      ns.adapter.on('join-room', (room: string, id: string) => onRoom(ns, room, id, true));
      ns.adapter.on('leave-room', (room: string, id: string) => onRoom(ns, room, id, false));
      task.start();
    },

    /**
     * Admits a new socket under its member's limit; true when admitted. A socket over it is
     * told why (group-error, event 'connect') and ended; its events are never handled.
     */
    async connect(socket: GroupSocket): Promise<boolean> {
      const scope = memberScope(socket.data.session.userId);
      const admission = registry
        .admit(scope, socket.id, limits.perMember, now())
        .catch((err: unknown) => {
          // The registry unreachable: the member keeps riding rather than being locked out.
          failed(err);
          return true;
        });
      // Released after it is admitted, so an early disconnect leaves nothing behind.
      socket.on('disconnect', () => {
        void admission.then(() => registry.release(scope, socket.id)).catch(failed);
      });
      const admitted = await admission;
      if (!admitted && socket.connected) {
        socket.emit('group-error', { event: 'connect', message: SOCKET_LIMIT_MESSAGES.member });
        socket.disconnect(true);
      }
      return admitted;
    },

    /** Before a socket joins an event's room: its member's limit in that event. */
    async enter(socket: GroupSocket, eventId: number): Promise<void> {
      const scope = memberEventScope(eventId, socket.data.session.userId);
      const admitted = await registry.admit(scope, socket.id, limits.perMemberPerEvent, now());
      if (!admitted) throw new GroupError(SOCKET_LIMIT_MESSAGES.event);
    },

    /** A join that failed after `enter`: the socket does not count there unless in the room. */
    abandon(socket: GroupSocket, eventId: number): void {
      if (socket.rooms.has(eventRoom(eventId))) return;
      const scope = memberEventScope(eventId, socket.data.session.userId);
      registry.release(scope, socket.id).catch(failed);
    },

    /** The sockets in the event's room on every process. */
    inEvent: (eventId: number): Promise<number> => registry.count(eventScope(eventId), now()),

    stop: () => task.stop(),
  };
}

export type SocketLimits = ReturnType<typeof socketLimits>;
