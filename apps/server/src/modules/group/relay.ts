import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GROUP } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { groupEvents } from '../../db/schema.js';
import { periodicTask } from '../../lib/periodic.js';
import { eventOfRoom, eventRoom } from './event-rows.js';
import type { GroupSocket } from './handlers.js';
import type { LiveStore } from './live-store.js';
import { rankPoints, windowOf } from './ranking.js';

type GroupNamespace = GroupSocket['nsp'];

/** Events completed without this process (the worker's sweep) are noticed this often (~5 s). */
const STATUS_CHECK_EVERY_TICKS = Math.round(5000 / GROUP.relayIntervalMs);

/** Sockets sent their windows between two turns of the event loop. */
const RELAY_CHUNK = 25;

/**
 * The relay (docs/group.md 'The relay'): every `relayIntervalMs`, for each event this process
 * holds sockets of, one read of the event's latest points and one sort, then each local socket
 * gets its whole window (at most 10 group-point-pulse, in rank order: a client may redraw
 * from each tick alone), so a rider's cost does not grow with the event. Every few ticks, one query finds which of those events are complete (the
 * worker's sweep does not emit) and tells their sockets here with group-cancel.
 */
export function groupRelay(deps: {
  db: Db;
  live: LiveStore;
  log: FastifyBaseLogger;
  everyMs?: number;
}) {
  let nsp: GroupNamespace | null = null;
  let ticks = 0;

  /** This process's sockets in the event's room, now (a socket may leave during an await). */
  const localSockets = (ns: GroupNamespace, eventId: number): GroupSocket[] =>
    [...(ns.adapter.rooms.get(eventRoom(eventId)) ?? [])].flatMap((id) => {
      const socket = ns.sockets.get(id);
      return socket ? [socket] : [];
    });

  async function relayEvent(ns: GroupNamespace, eventId: number): Promise<void> {
    const ranking = rankPoints(await deps.live.points(eventId));
    const total = ranking.rows.length;
    if (total === 0) return;
    const sockets = localSockets(ns, eventId);
    for (const [i, socket] of sockets.entries()) {
      // Sending is synchronous work: a thousand windows in one go would hold the loop for
      // tens of milliseconds, so other requests get their turn every RELAY_CHUNK sockets.
      if (i > 0 && i % RELAY_CHUNK === 0) await new Promise((r) => setImmediate(r));
      const member = socket.data.member;
      if (!member) continue;
      for (const { row, rank } of windowOf(ranking, member.id)) {
        socket.emit('group-point-pulse', {
          roomId: eventId,
          user_info: row.member,
          point: row.point,
          rank,
          total,
        });
      }
    }
  }

  async function endCompleted(ns: GroupNamespace, eventIds: number[]): Promise<void> {
    const rows = await deps.db
      .select({ id: groupEvents.id, status: groupEvents.status, reason: groupEvents.endReason })
      .from(groupEvents)
      .where(inArray(groupEvents.id, eventIds));
    for (const row of rows) {
      if (row.status !== 'complete') continue;
      for (const socket of localSockets(ns, row.id)) {
        socket.emit('group-cancel', { roomId: row.id, reason: row.reason ?? 'finished' });
        void socket.leave(eventRoom(row.id));
      }
    }
  }

  async function tick(): Promise<void> {
    const ns = nsp;
    if (!ns) return;
    const eventIds = [...ns.adapter.rooms.keys()].flatMap((room) => {
      const id = eventOfRoom(room);
      return id === null ? [] : [id];
    });
    if (eventIds.length === 0) return;
    ticks += 1;
    if (ticks % STATUS_CHECK_EVERY_TICKS === 0) await endCompleted(ns, eventIds);
    const results = await Promise.allSettled(eventIds.map((id) => relayEvent(ns, id)));
    for (const r of results) {
      if (r.status === 'rejected') deps.log.error({ err: r.reason }, 'group relay failed');
    }
  }

  const everyMs = deps.everyMs ?? GROUP.relayIntervalMs;
  const task = periodicTask({
    run: tick,
    firstDelayMs: everyMs,
    everyMs,
    onError: (err) => deps.log.error({ err }, 'group relay failed'),
  });

  return {
    /** Starts relaying on the namespace (its first connection hands it over); idempotent. */
    attach(ns: GroupNamespace): void {
      if (nsp) return;
      nsp = ns;
      task.start();
    },
    /** No further ticks; resolves once a tick in progress has ended. */
    stop: () => task.stop(),
    /** One tick now (tests). */
    tick: () => task.runNow(),
  };
}

export type GroupRelay = ReturnType<typeof groupRelay>;
