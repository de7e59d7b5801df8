import type { FastifyBaseLogger } from 'fastify';
import { GROUP, GROUP_NAMESPACE } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import type { NamespaceModule } from '../../realtime/namespaces.js';
import { concurrencyGate } from '../../lib/concurrency-gate.js';
import { SESSION_ENDED_MESSAGE } from '../../realtime/session-guard.js';
import { floodGate, type EventLimit } from '../ride/index.js';
import { GroupError } from './errors.js';
import { freshReads } from './fresh-reads.js';
import { registerGroupHandlers, type GroupShared, type GroupSocket } from './handlers.js';
import { identityThrottle } from './identity-throttle.js';
import type { LiveStore } from './live-store.js';
import { groupRelay } from './relay.js';
import { groupService } from './service.js';
import { socketLimits } from './socket-limits.js';

/** Pulses are 1 and 1/3 a second; a reconnect's rejoin and pulses may come at once (burst). */
const GROUP_EVENT_LIMIT: EventLimit = {
  perSecond: GROUP.eventsPerSecond,
  burst: GROUP.eventsPerSecond * 3,
};

/**
 * Joins doing database work at once, per process: a few queries each, so a burst of a
 * thousand holds 6 of the pool's 10 connections and queues the rest here, in arrival order.
 * Beyond the waiting bound (ten times the 1,000 riders an event is measured with) a join is
 * refused with a message at once rather than waiting ever longer.
 */
const JOIN_SLOTS = 6;
const JOIN_MAX_WAITING = 10_000;
const JOIN_BUSY_MESSAGE = 'Too many riders are joining right now. Please try again in a moment.';

/**
 * The `/group` namespace (docs/group.md), served by the realtime layer, which has checked the
 * handshake's session token before a socket gets here. `close` stops its relay.
 */
export function groupNamespace(deps: {
  db: Db;
  live: LiveStore;
  log: FastifyBaseLogger;
  eventLimit?: EventLimit;
}): NamespaceModule<GroupSocket> & { close: () => Promise<void> } {
  const service = groupService(deps.db, deps.live);
  const relay = groupRelay({ db: deps.db, live: deps.live, log: deps.log });
  const limits = socketLimits({ registry: deps.live.sockets, log: deps.log });
  const shared: GroupShared = {
    limits,
    joinSlot: concurrencyGate({
      limit: JOIN_SLOTS,
      maxWaiting: JOIN_MAX_WAITING,
      busy: () => new GroupError(JOIN_BUSY_MESSAGE),
    }).run,
    stateAfterJoin: freshReads((eventId: number) => service.check(eventId)),
    identityRelay: identityThrottle({
      onError: (err) => deps.log.error({ err }, 'group identity relay failed'),
    }),
  };
  return {
    name: GROUP_NAMESPACE,
    onConnection(socket) {
      socket.data.member = null;
      relay.attach(socket.nsp);
      limits.attach(socket.nsp);
      registerGroupHandlers(
        socket,
        service,
        deps.log,
        floodGate(deps.eventLimit ?? GROUP_EVENT_LIMIT),
        shared,
        limits.connect(socket),
      );
    },
    sayGoodbye(socket) {
      socket.emit('group-error', { event: 'session', message: SESSION_ENDED_MESSAGE });
    },
    close: async () => {
      shared.identityRelay.stop();
      await Promise.all([relay.stop(), limits.stop()]);
    },
  };
}
