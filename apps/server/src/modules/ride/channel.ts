import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import {
  RIDE_NAMESPACE,
  type RideClientToServer,
  type RideServerToClient,
} from '@ridealong/contracts';
import type { NamespaceModule } from '../../realtime/namespaces.js';
import { SESSION_ENDED_MESSAGE, type SessionData } from '../../realtime/session-guard.js';
import { floodGate, type EventLimit } from './flood-gate.js';
import { registerRideHandlers, type RideSocketData } from './handlers.js';
import type { RideService } from './service.js';

export { SESSION_ENDED_MESSAGE } from '../../realtime/session-guard.js';

type RideChannelSocket = Socket<
  RideClientToServer,
  RideServerToClient,
  Record<string, never>,
  RideSocketData & SessionData
>;

/**
 * The `/ride` namespace (docs/ride.md), served by the realtime layer, which has checked the
 * handshake's session token (`auth: { token }`) before a socket gets here.
 */
export function rideNamespace(deps: {
  service: RideService;
  log: FastifyBaseLogger;
  eventLimit: EventLimit;
}): NamespaceModule<RideChannelSocket> {
  return {
    name: RIDE_NAMESPACE,
    onConnection(socket) {
      // The rider is always the session's member, never a payload's id.
      socket.data.rider = { id: socket.data.session.userId };
      registerRideHandlers(socket, deps.service, deps.log, floodGate(deps.eventLimit));
    },
    sayGoodbye(socket) {
      socket.emit('ride-error', { event: 'session', message: SESSION_ENDED_MESSAGE });
    },
  };
}
