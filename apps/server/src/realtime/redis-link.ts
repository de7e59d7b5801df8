import { Redis } from 'ioredis';

export type RedisLinkLog = { warn: (obj: object, msg: string) => void };

/**
 * A connected Redis client for the realtime layer. Connecting is awaited so a wrong or
 * unreachable REDIS_URL stops the start with a message, instead of a process that serves alone
 * while believing it is joined to the others. Later outages are ioredis's to ride out: it
 * reconnects, resubscribes and sends what was queued meanwhile.
 */
export async function connectRedis(url: string, role: string, log: RedisLinkLog): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true });
  // Without a listener an 'error' event (each failed reconnect) would crash the process.
  client.on('error', (err: Error) => log.warn({ err }, `Redis (${role}): ${err.message}`));
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw new Error(`REDIS_URL: could not connect the ${role}: ${String(err)}`, { cause: err });
  }
  return client;
}

/** Closes clients politely (QUIT), or at once when the connection is already gone. */
export async function closeRedis(...clients: Redis[]): Promise<void> {
  await Promise.all(
    clients.map((c) =>
      c.status === 'ready' ? c.quit().catch(() => c.disconnect()) : c.disconnect(),
    ),
  );
}
