import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import {
  RIDE_NAMESPACE,
  type RideClientToServer,
  type RideServerToClient,
} from '@ridealong/contracts';
import type { SessionRevocation } from '../accounts/revocations.js';
import type { SessionStore } from '../accounts/sessions.js';
import { registerRideHandlers, type RideSocketData } from './handlers.js';
import type { RideService } from './service.js';

/** The session a socket was opened with: it ends with that session. */
type SessionData = { session: { tokenHash: string; userId: number } };

type RideServer = Server<
  RideClientToServer,
  RideServerToClient,
  Record<string, never>,
  RideSocketData & SessionData
>;

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

const endedBy = (r: SessionRevocation, s: SessionData['session']) =>
  r.kind === 'session' ? r.tokenHash === s.tokenHash : r.userId === s.userId;

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
      // Nothing is served on the default namespace.
      io.of('/').use((_socket, next) => next(new Error('Connect to the /ride namespace.')));
      const ride = io.of(RIDE_NAMESPACE);
      ride.use((socket, next) => {
        const auth: unknown = socket.handshake.auth;
        const token =
          auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string'
            ? auth.token
            : '';
        if (!token || token.length > 200) return next(new Error('Please log in.'));
        deps.sessions.live(token).then(
          (live) => {
            if (!live) return next(new Error('Please log in.'));
            socket.data.rider = { id: live.user.id };
            socket.data.session = { tokenHash: live.tokenHash, userId: live.user.id };
            next();
          },
          (err: unknown) => {
            deps.log.error({ err }, 'ride handshake failed');
            next(new Error('Something went wrong on our side.'));
          },
        );
      });
      ride.on('connection', (socket) => registerRideHandlers(socket, deps.service, deps.log));
      // Logout and password resets end the session's rides now, not at the next reconnect.
      unsubscribe = deps.sessions.revocations.subscribe((r) => {
        for (const socket of ride.sockets.values()) {
          if (!endedBy(r, socket.data.session)) continue;
          socket.emit('ride-error', { event: 'session', message: SESSION_ENDED_MESSAGE });
          socket.disconnect(true);
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
