import type { FastifyBaseLogger } from 'fastify';
import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import type { SessionReader } from './sessions.js';
import { handshakeToken, sessionHandshake } from './handshake.js';
import { endSocket, guardSession, sessionRoom, type SessionData } from './session-guard.js';

/** The realtime layer's Socket.IO types: event maps are each namespace's own business. */
export type RealtimeIo = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SessionData>;
type LayerSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SessionData>;

/**
 * What a module hands the realtime layer to serve a namespace (`/ride`, later `/group`). The
 * layer has already checked the handshake's session when `onConnection` runs, and ends the
 * socket with that session (logout, password reset, expiry) after `sayGoodbye`.
 */
export type NamespaceModule<S> = {
  name: string;
  /** Sets up an authenticated socket; its session is `socket.data.session`. */
  onConnection: (socket: S) => void;
  /** Tells a socket why it is about to be ended (its session ended). */
  sayGoodbye: (socket: S) => void;
};

/** A namespace being served. */
export type ServedNamespace = {
  /** Ends this process's sockets of these sessions. */
  endSessions: (tokenHashes: readonly string[]) => void;
  /** Ends every socket this process holds (shutting down). */
  disconnectLocal: () => void;
  /** Leaves the adapter (its Redis subscriptions), once the sockets are gone. */
  closeAdapter: () => Promise<void>;
};

/** Serves a module's namespace on `io` behind the session handshake. */
export function serveNamespace<S>(
  io: RealtimeIo,
  module: NamespaceModule<S>,
  deps: { sessions: Pick<SessionReader, 'live'>; log: FastifyBaseLogger },
): ServedNamespace {
  const ns = io.of(module.name);
  ns.use(sessionHandshake(deps.sessions, deps.log));
  // Socket.IO types a namespace by its server's event maps; each module types its own sockets.
  const typed = (socket: LayerSocket) => socket as unknown as S;
  const end = (socket: LayerSocket) => endSocket(socket, () => module.sayGoodbye(typed(socket)));

  ns.on('connection', (socket) => {
    // Joining is local (the room lives in this process's adapter) and synchronous.
    void socket.join(sessionRoom(socket.data.session.tokenHash));
    module.onConnection(typed(socket));
    const token = handshakeToken(socket.handshake.auth);
    guardSession(socket, token, deps.sessions, deps.log, () => end(socket));
  });

  return {
    endSessions(tokenHashes) {
      for (const hash of tokenHashes) {
        // A copy: each disconnect takes its socket out of the room being read.
        const ids = [...(ns.adapter.rooms.get(sessionRoom(hash)) ?? [])];
        for (const id of ids) {
          const socket = ns.sockets.get(id);
          if (socket) end(socket);
        }
      }
    },
    disconnectLocal: () => void ns.local.disconnectSockets(true),
    closeAdapter: async () => void (await ns.adapter.close()),
  };
}
