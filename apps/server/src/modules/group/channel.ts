import type { FastifyBaseLogger } from 'fastify';
import { GROUP, GROUP_NAMESPACE } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import type { NamespaceModule } from '../../realtime/namespaces.js';
import { SESSION_ENDED_MESSAGE } from '../../realtime/session-guard.js';
import { floodGate, type EventLimit } from '../ride/flood-gate.js';
import { registerGroupHandlers, type GroupSocket } from './handlers.js';
import type { LiveStore } from './live-store.js';
import { groupRelay } from './relay.js';
import { groupService } from './service.js';

/** Pulses are 1 and 1/3 a second; a reconnect's rejoin and pulses may come at once (burst). */
const GROUP_EVENT_LIMIT: EventLimit = {
  perSecond: GROUP.eventsPerSecond,
  burst: GROUP.eventsPerSecond * 3,
};

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
  return {
    name: GROUP_NAMESPACE,
    onConnection(socket) {
      socket.data.member = null;
      relay.attach(socket.nsp);
      registerGroupHandlers(
        socket,
        service,
        deps.log,
        floodGate(deps.eventLimit ?? GROUP_EVENT_LIMIT),
      );
    },
    sayGoodbye(socket) {
      socket.emit('group-error', { event: 'session', message: SESSION_ENDED_MESSAGE });
    },
    close: () => relay.stop(),
  };
}
