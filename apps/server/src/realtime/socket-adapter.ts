import { createAdapter } from '@socket.io/redis-adapter';
import { closeRedis, connectRedis, type RedisLinkLog } from './redis-link.js';

export type SocketAdapterLink = {
  /** Socket.IO's `adapter` option. */
  adapter: ReturnType<typeof createAdapter>;
  /**
   * Resolves once the subscriptions of the namespaces made so far are in place: Redis runs one
   * connection's commands in order, so a PING sent after them answers after them.
   */
  subscribed: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Socket.IO's Redis adapter: a broadcast to a room, and room operations such as
 * `in(room).disconnectSockets()`, made on one process reach that room's sockets on every
 * process. Responses to cluster requests (fetchSockets) go to the asking process's own
 * channel, not to every process.
 */
export async function redisSocketAdapter(
  redisUrl: string,
  log: RedisLinkLog,
): Promise<SocketAdapterLink> {
  const pub = await connectRedis(redisUrl, 'Socket.IO adapter publisher', log);
  const sub = await connectRedis(redisUrl, 'Socket.IO adapter subscriber', log).catch(
    async (err: unknown) => {
      await closeRedis(pub);
      throw err;
    },
  );
  return {
    adapter: createAdapter(pub, sub, { publishOnSpecificResponseChannel: true }),
    subscribed: async () => void (await sub.ping()),
    close: () => closeRedis(pub, sub),
  };
}
