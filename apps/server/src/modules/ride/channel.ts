import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import {
  RIDE_NAMESPACE,
  type RideClientToServer,
  type RideServerToClient,
} from '@ridealong/contracts';
import { addSecurityHeadersToEngine } from '../../http/security-headers.js';
import type { SessionStore } from '../accounts/sessions.js';
import { registerRideHandlers, type RideSocketData } from './handlers.js';
import type { RideService } from './service.js';
import {
  endedBy,
  endSocket,
  guardSession,
  socketSession,
  type SessionData,
} from './session-guard.js';

export { SESSION_ENDED_MESSAGE } from './session-guard.js';

type RideServer = Server<
  RideClientToServer,
  RideServerToClient,
  Record<string, never>,
  RideSocketData & SessionData
>;

/**
 * Socket.IO on the app's HTTP server (default path /socket.io): the `/ride` namespace,
 * authenticated with the session token of the handshake (`auth: { token }`).
 */
export function rideChannel(deps: {
  sessions: SessionStore;
  service: RideService;
  log: FastifyBaseLogger;
}) {
  let io: RideServer | null = null;
  let unsubscribe: (() => void) | null = null;
  return {
    attach(server: HttpServer): void {
      io = new Server(server, { serveClient: false });
      addSecurityHeadersToEngine(io.engine);
      // Nothing is served on the default namespace.
      io.of('/').use((_socket, next) => next(new Error('Connect to the /ride namespace.')));
      const ride = io.of(RIDE_NAMESPACE);
      ride.use((socket, next) => {
        const token = handshakeToken(socket.handshake.auth);
        if (!token) return next(new Error('Please log in.'));
        deps.sessions.live(token).then(
          (live) => {
            if (!live) return next(new Error('Please log in.'));
            socket.data.rider = { id: live.user.id };
            socket.data.session = socketSession(live);
            next();
          },
          (err: unknown) => {
            deps.log.error({ err }, 'ride handshake failed');
            next(new Error('Something went wrong on our side.'));
          },
        );
      });
      ride.on('connection', (socket) => {
        registerRideHandlers(socket, deps.service, deps.log);
        guardSession(socket, handshakeToken(socket.handshake.auth), deps.sessions, deps.log);
      });
      // Logout and password resets end the session's rides now, not at the next reconnect.
      unsubscribe = deps.sessions.revocations.subscribe((r) => {
        for (const socket of ride.sockets.values()) {
          if (endedBy(r, socket.data.session)) endSocket(socket);
        }
      });
    },
    /** Ends every ride connection so the HTTP server can close; the server itself is Fastify's. */
    close(): void {
      unsubscribe?.();
      unsubscribe = null;
      if (!io) return;
      io.of(RIDE_NAMESPACE).local.disconnectSockets(true);
      io.engine.close();
      io = null;
    },
  };
}

/** The session token of a handshake (`auth: { token }`), or '' when there is none. */
function handshakeToken(auth: unknown): string {
  const token =
    auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string'
      ? auth.token
      : '';
  return token.length <= 200 ? token : '';
}
