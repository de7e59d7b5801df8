import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import {
  RIDE_NAMESPACE,
  type RideClientToServer,
  type RideServerToClient,
} from '@ridealong/contracts';
import type { SessionStore } from '../accounts/sessions.js';
import { registerRideHandlers, type RideSocketData } from './handlers.js';
import type { RideService } from './service.js';

type RideServer = Server<
  RideClientToServer,
  RideServerToClient,
  Record<string, never>,
  RideSocketData
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
        deps.sessions.resolve(token).then(
          (user) => {
            if (!user) return next(new Error('Please log in.'));
            socket.data.rider = { id: user.id };
            next();
          },
          (err: unknown) => {
            deps.log.error({ err }, 'ride handshake failed');
            next(new Error('Something went wrong on our side.'));
          },
        );
      });
      ride.on('connection', (socket) => registerRideHandlers(socket, deps.service, deps.log));
    },
    /** Ends every ride connection so the HTTP server can close; the server itself is Fastify's. */
    close(): void {
      if (!io) return;
      io.of(RIDE_NAMESPACE).local.disconnectSockets(true);
      io.engine.close();
      io = null;
    },
  };
}
