import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { addSecurityHeadersToEngine } from '../http/security-headers.js';
import type { SessionReader } from './sessions.js';
import {
  serveNamespace,
  type NamespaceModule,
  type RealtimeIo,
  type ServedNamespace,
} from './namespaces.js';
import { redisSocketAdapter, type SocketAdapterLink } from './socket-adapter.js';

export type RealtimeDeps = {
  sessions: Pick<SessionReader, 'live' | 'revocations'>;
  log: FastifyBaseLogger;
  /** With it, Socket.IO's Redis adapter joins this process to the others. */
  redisUrl: string | null;
};

/**
 * The one Socket.IO server of a process, on the app's HTTP server (default path /socket.io).
 * Modules register their namespaces before it is attached; each gets the same handshake check
 * of the session token and loses its sockets when their session ends, on every process (the
 * revocations come over the inter-server bus, see session-revocations.ts). The default
 * namespace refuses every connection.
 */
export function realtimeServer(deps: RealtimeDeps) {
  const modules: Array<{ name: string; serve: (io: RealtimeIo) => ServedNamespace }> = [];
  let io: RealtimeIo | null = null;
  let link: SocketAdapterLink | null = null;
  let served: ServedNamespace[] = [];
  let unsubscribe: (() => void) | null = null;

  return {
    register<S>(module: NamespaceModule<S>): void {
      if (io) throw new Error(`${module.name}: namespaces are registered before attach`);
      modules.push({ name: module.name, serve: (server) => serveNamespace(server, module, deps) });
    },

    /** Serves the registered namespaces; resolves once joined to the other processes. */
    async attach(http: HttpServer): Promise<void> {
      if (io) throw new Error('Socket.IO is already attached');
      link = deps.redisUrl ? await redisSocketAdapter(deps.redisUrl, deps.log) : null;
      const server: RealtimeIo = new Server(http, {
        serveClient: false,
        ...(link ? { adapter: link.adapter } : {}),
      });
      io = server;
      addSecurityHeadersToEngine(server.engine);
      const names = modules.map((m) => m.name).join(' or ');
      server.of('/').use((_socket, next) => next(new Error(`Connect to the ${names} namespace.`)));
      served = [root(server), ...modules.map((m) => m.serve(server))];
      await link?.subscribed();
      unsubscribe = deps.sessions.revocations.subscribe(({ tokenHashes }) => {
        for (const ns of served) ns.endSessions(tokenHashes);
      });
      deps.log.info(
        `Socket.IO serves ${modules.length} namespace(s)${link ? ', joined over Redis' : ''}`,
      );
    },

    /**
     * Ends this process's connections so the HTTP server can close (the server itself is
     * Fastify's), then leaves Redis.
     */
    async close(): Promise<void> {
      unsubscribe?.();
      unsubscribe = null;
      if (!io) return;
      for (const ns of served) ns.disconnectLocal();
      await Promise.all(served.map((ns) => ns.closeAdapter()));
      io.engine.close();
      await link?.close();
      io = null;
      link = null;
      served = [];
    },
  };
}

export type RealtimeServer = ReturnType<typeof realtimeServer>;

/** The default namespace: no sockets to end, but its adapter leaves Redis with the others. */
function root(io: RealtimeIo): ServedNamespace {
  const ns = io.of('/');
  return {
    endSessions: () => undefined,
    disconnectLocal: () => void ns.local.disconnectSockets(true),
    closeAdapter: async () => void (await ns.adapter.close()),
  };
}
